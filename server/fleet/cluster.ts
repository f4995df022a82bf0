import { randomUUID } from 'node:crypto';
import { createAdapter } from '@socket.io/redis-adapter';
import { createClient } from 'redis';
import type { Server } from 'socket.io';
import { HubBus, closeClient, type RedisClient } from './hub-bus.js';
import { PeerHubs } from './peer-hubs.js';
import type { WorkerHub } from './worker-hub.js';

export interface Cluster {
  hubId: string;
  /** Rejects when Redis does not answer (readiness). */
  ping(): Promise<void>;
  close(): Promise<void>;
}

/**
 * Joins the hubs sharing one Redis (SIMLAB_REDIS_URL): Socket.IO's Redis adapter carries the
 * dashboard's room broadcasts (device lists, action log) to viewers on every hub, and the hub
 * bus carries presence, forwarded commands and relayed frames between hubs.
 */
export async function joinCluster(io: Server, workers: WorkerHub, redisUrl: string): Promise<Cluster> {
  if (!/^rediss?:\/\//.test(redisUrl)) throw new Error('SIMLAB_REDIS_URL must be a redis:// or rediss:// URL');
  const hubId = `hub_${randomUUID().slice(0, 8)}`;
  const pub = createClient({ url: redisUrl });
  pub.on('error', () => undefined);
  const sub = pub.duplicate();
  sub.on('error', () => undefined);
  let bus: HubBus | null = null;
  try {
    await Promise.all([pub.connect(), sub.connect()]);
    bus = await HubBus.connect(redisUrl, hubId);
  } catch (err) {
    await Promise.allSettled([closeClient(pub as RedisClient), closeClient(sub as RedisClient), bus?.close()]);
    throw err;
  }
  io.adapter(createAdapter(pub, sub));
  const peers = new PeerHubs(bus, workers);
  const joined = bus;
  return {
    hubId,
    ping: () => joined.ping(),
    close: async () => {
      peers.close();
      await joined.close();
      await Promise.all([closeClient(pub as RedisClient), closeClient(sub as RedisClient)]);
    },
  };
}
