import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { Server as SocketServer } from 'socket.io';
import { HEARTBEAT_INTERVAL_MS } from '../core/wire/worker-protocol.js';
import { ActionFeed } from './actions/action-feed.js';
import { ActionLog } from './actions/action-log.js';
import { Actions } from './actions/actions.js';
import type { FastifyInstance } from 'fastify';
import { buildApi, type RateLimit } from './api/app.js';
import { MCP_PATH } from './mcp/mcp-endpoint.js';
import type { HubServices } from './api/services.js';
import { ensureAdminToken, mintLocalWorkerToken } from './auth/bootstrap.js';
import { Revocations } from './auth/revocation.js';
import { TokenVerifier } from './auth/tokens.js';
import { AuthFailures, authFailureLimitFromEnv, type AuthFailureLimit } from './auth/auth-failures.js';
import type { BlobStore } from './blobs/blob-store.js';
import { LocalFolderStore } from './blobs/local-folder-store.js';
import { s3StoreFromEnv } from './blobs/s3-store.js';
import { retentionFromEnv, type RetentionPolicy } from './blobs/retention.js';
import { RecordingManager } from './recordings/recording-manager.js';
import { startRetentionSweep } from './recordings/retention-sweep.js';
import { recordingPolicyFromEnv, type RecordingPolicy } from './recordings/recording-policy.js';
import { joinCluster, type Cluster } from './fleet/cluster.js';
import { WorkerHub } from './fleet/worker-hub.js';
import { DEFAULT_LEASE_POLICY, LeaseManager, type LeasePolicy } from './leases/lease-manager.js';
import { openStore } from './store/open-store.js';
import { HubMetrics } from './ops/metrics.js';
import { OPS_PATHS, registerOpsRoutes, type ReadinessCheck } from './ops/ops-routes.js';
import { hubVersion } from './version.js';
import { UI_NAMESPACE } from '../core/wire/ui-protocol.js';

export type RequestHandler = (req: IncomingMessage, res: ServerResponse) => void;

export interface HubOptions {
  /** 0 picks a free port. */
  port?: number;
  host?: string;
  /** Where the SQLite file lives (created with mode 0700); default SIMLAB_DATA, else ~/.simlab. */
  dataDir?: string;
  /** A Postgres URL instead of the SQLite file; default SIMLAB_DATABASE_URL. */
  databaseUrl?: string;
  /** Several hubs: a Redis URL they all share (with one Postgres store); default SIMLAB_REDIS_URL. */
  redisUrl?: string;
  /** Serves every request outside /api and /socket.io (the dashboard); without it those are 404 envelopes. */
  fallback?: RequestHandler;
  /** Mint a token for a worker started next to the hub (default true). */
  localWorker?: boolean;
  leasePolicy?: Partial<LeasePolicy>;
  rateLimit?: RateLimit;
  /** Failed authentications per client address before it is refused for a while; default SIMLAB_AUTH_FAILURE_LIMIT per minute, else 30. */
  authFailureLimit?: AuthFailureLimit;
  /** A worker silent this long has its devices marked offline (default 5000). */
  offlineAfterMs?: number;
  logger?: boolean;
  /** Where recordings and screenshots go; default a folder `blobs` in the data dir. */
  blobs?: BlobStore;
  /** Which leases are recorded by default; default SIMLAB_RECORD, else agents'. */
  recordingPolicy?: RecordingPolicy;
  /** How long and how much evidence is kept; default SIMLAB_RETENTION_DAYS / SIMLAB_RETENTION_MAX_MB, else all of it. */
  retention?: RetentionPolicy;
}

export interface Hub {
  url: string;
  port: number;
  /** Only on the first start with this data dir: print it once, it is never shown again. */
  adminToken: string | null;
  /** A fresh token for the local worker (each start revokes the previous one), or null. */
  workerToken: string | null;
  services: HubServices;
  /** The Socket.IO server, for more namespaces (the dashboard's /ui). */
  io: SocketServer;
  close(): Promise<void>;
}

/**
 * On every answer, the API's and the dashboard's: nobody frames the lab (clickjacking), no
 * answer is sniffed into another type, and no address leaks into other sites' logs.
 */
function setSecurityHeaders(res: ServerResponse): void {
  res.setHeader('X-Frame-Options', 'DENY');
  res.setHeader('Content-Security-Policy', "frame-ancestors 'none'; base-uri 'self'; form-action 'self'; object-src 'none'");
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Referrer-Policy', 'no-referrer');
}

/** Requests per minute per token from SIMLAB_RATE_LIMIT, when set. */
function rateLimitFromEnv(): RateLimit | undefined {
  const raw = process.env.SIMLAB_RATE_LIMIT;
  if (raw === undefined || raw === '') return undefined;
  const max = Number(raw);
  if (!Number.isInteger(max) || max < 1) throw new Error(`SIMLAB_RATE_LIMIT must be a positive number of requests per minute, not "${raw}"`);
  return { max, windowMs: 60_000 };
}

/** The paths the hub answers itself (REST, MCP, ops); the rest goes to the fallback (the dashboard). */
function ownPath(url: string): boolean {
  const path = url.split('?')[0] ?? '/';
  return path.startsWith('/api/') || path === MCP_PATH || (OPS_PATHS as readonly string[]).includes(path);
}

/** Starts the hub on one port: REST under /api/v1, Socket.IO (/workers), and the fallback for the rest. */
export async function startHub(options: HubOptions): Promise<Hub> {
  const rateLimit = options.rateLimit ?? rateLimitFromEnv();
  const dataDir = options.dataDir || process.env.SIMLAB_DATA || join(homedir(), '.simlab');
  const store = await openStore({ databaseUrl: options.databaseUrl ?? process.env.SIMLAB_DATABASE_URL, dataDir });
  const verifier = new TokenVerifier(store, new AuthFailures(options.authFailureLimit ?? authFailureLimitFromEnv()));
  const version = hubVersion();
  let io: SocketServer | null = null;
  const metrics: HubMetrics = new HubMetrics({
    devices: () => workers.devices(),
    liveLeases: async () => (await store.listLiveLeases(Date.now())).length,
    viewers: () => io?.of(UI_NAMESPACE).sockets.size ?? 0,
  });
  const checks: ReadinessCheck[] = [{ name: 'store', check: () => store.ping() }];
  const workers = new WorkerHub(store, verifier, {
    hubVersion: version,
    observer: metrics,
    ...(options.offlineAfterMs ? { offlineAfterMs: options.offlineAfterMs } : {}),
  });
  const leases = new LeaseManager(store, (id) => workers.device(id) !== undefined, { ...DEFAULT_LEASE_POLICY, ...options.leasePolicy });
  // An S3-compatible bucket when SIMLAB_S3_BUCKET names one (several hubs), else a folder in the data dir.
  const blobs = options.blobs ?? s3StoreFromEnv() ?? new LocalFolderStore(join(dataDir, 'blobs'));
  // A lease's work on the device is cancelled before the device is handed on.
  leases.onEnded((lease) => workers.leaseEnded({ deviceId: lease.deviceId, leaseId: lease.id, reason: lease.endReason ?? 'released' }));
  const recordings = new RecordingManager(store, workers, leases, blobs, options.recordingPolicy ?? recordingPolicyFromEnv(), (message) =>
    process.stderr.write(`simlab hub: ${message}\n`),
  );
  const stopRetention = startRetentionSweep(blobs, options.retention ?? retentionFromEnv(), () => recordings.liveSessionIds(), (message) =>
    process.stderr.write(`simlab hub: ${message}\n`),
  );
  const revocations = new Revocations();
  revocations.onRevoked((tokenId) => workers.disconnectToken(tokenId));
  revocations.onRevoked(async (tokenId) => {
    await leases.endHeldBy(tokenId);
  });
  revocations.onRevoked(async (tokenId) => {
    await verifier.sessions.endAllOf(tokenId);
  });
  const actionFeed = new ActionFeed();
  const actions = new Actions(store, leases, workers, new ActionLog(store, blobs, actionFeed));
  const services: HubServices = { store, verifier, revocations, leases, workers, blobs, recordings, actions, actionFeed, hubVersion: version, startedAt: Date.now() };
  const redisUrl = options.redisUrl ?? process.env.SIMLAB_REDIS_URL;
  let app: FastifyInstance | null = null;
  let cluster: Cluster | null = null;
  try {
    // Alone, nobody waits across a restart; among several hubs the others' waiters are still there.
    if (!redisUrl) await store.cancelWaitingQueue();
    await workers.load();
    app = await buildApi(services, {
      ...(rateLimit ? { rateLimit } : {}),
      logger: options.logger ?? false,
      serverFactory: (handler) =>
        createServer((req, res) => {
          setSecurityHeaders(res);
          if (options.fallback && !ownPath(req.url ?? '/')) options.fallback(req, res);
          else handler(req, res);
        }),
      extraRoutes: (api) => registerOpsRoutes(api, { verifier, metrics, checks }),
    });
    await app.ready();
    const sockets = new SocketServer(app.server, {
      serveClient: false,
      pingInterval: HEARTBEAT_INTERVAL_MS,
      pingTimeout: HEARTBEAT_INTERVAL_MS,
      maxHttpBufferSize: 16 * 1024 * 1024,
    });
    io = sockets;
    // The main namespace serves nobody: every namespace in use checks its own tokens.
    sockets.use((_socket, next) => next(new Error('UNAUTHORIZED')));
    workers.attach(sockets);
    if (redisUrl) {
      cluster = await joinCluster(sockets, workers, redisUrl);
      const joined = cluster;
      checks.push({ name: 'redis', check: () => joined.ping() });
    }
    await app.listen({ port: options.port ?? 0, host: options.host ?? '127.0.0.1' });
    // Only once the hub is up: a first admin token minted by a start that then failed would never be shown.
    const adminToken = await ensureAdminToken(store);
    const workerToken = options.localWorker === false ? null : await mintLocalWorkerToken(store);
    const port = (app.server.address() as AddressInfo).port;
    const shownHost = options.host && options.host !== '0.0.0.0' && options.host !== '::' ? options.host : '127.0.0.1';
    const running = app;
    let closing: Promise<void> | null = null;
    return {
      url: `http://${shownHost.includes(':') ? `[${shownHost}]` : shownHost}:${port}`,
      port,
      adminToken,
      workerToken,
      services,
      io: sockets,
      close: () => {
        closing ??= (async () => {
          await cluster?.close();
          stopRetention();
          await recordings.close();
          workers.close();
          leases.close();
          sockets.engine.close();
          await running.close();
          await store.close();
        })();
        return closing;
      },
    };
  } catch (err) {
    // A hub that could not start (a port in use, say) leaves nothing open behind it.
    await cluster?.close();
    stopRetention();
    await recordings.close();
    workers.close();
    leases.close();
    await app?.close();
    await store.close();
    throw err;
  }
}
