import type { Namespace, Server, Socket } from 'socket.io';
import type { z } from 'zod';
import { SimlabError, fail, failFrom, ok } from '../../core/contract/index.js';
import { OBSERVE_COMMANDS, isCommandName } from '../../core/wire/commands.js';
import { invalidArgs } from '../../core/wire/invalid-args.js';
import {
  ControlSchema,
  DeviceRequestSchema,
  FramesSubscribeSchema,
  UI_NAMESPACE,
  type ActionEntry,
  type OutlineUpdate,
  type DeviceSummary,
  type UiClientEvents,
  type UiServerEvents,
} from '../../core/wire/ui-protocol.js';
import { actionFeedOf } from '../actions/action-feed.js';
import { DEFAULT_DEADLINE_MS, runAction, runObserve } from '../actions/actions.js';
import type { HubServices } from '../api/services.js';
import { actionJson, deviceJson } from '../api/views.js';
import { resolveActor, type Actor } from '../auth/actor.js';
import { roleAtLeast } from '../auth/roles.js';
import { FrameRelay } from './frame-relay.js';
import { OutlineWatch } from './outline-watch.js';

type UiSocket = Socket<UiClientEvents, UiServerEvents>;

/** A frame the page has not acked by then is taken as lost, and the next one goes out. */
const FRAME_ACK_TIMEOUT_MS = 5000;
/** How often open pages have their session token checked again (revoked, expired). */
const RECHECK_MS = 3000;
/** Recent actions a device page starts with. */
const RECENT_ACTIONS = 100;

interface ViewerState {
  actor: Actor;
  frames: Map<string, { relay: FrameRelay; unsubscribe: () => void }>;
  /** Keys of the shared outline watches this page follows. */
  outlines: Set<string>;
}

/** One outline watch per device and token (a token reads in one scope), shared by its open pages. */
interface SharedOutline {
  watch: OutlineWatch;
  deviceId: string;
  sockets: Set<UiSocket>;
  latest: OutlineUpdate | null;
}

function parse<T extends z.ZodType>(schema: T, value: unknown): z.infer<T> {
  const r = schema.safeParse(value);
  if (!r.success) throw invalidArgs('invalid message', r.error.issues, '(message)');
  return r.data;
}

/**
 * The dashboard's real-time channel (core/wire/ui-protocol.ts): the `/ui` namespace on the hub's
 * Socket.IO server, opened with the session cookie. Viewers watch devices, frames, outlines and
 * the action log; `control` runs a command exactly as REST does, under the same lease rules.
 */
export function attachUi(io: Server, s: HubServices): { close(): void } {
  const nsp = io.of(UI_NAMESPACE) as unknown as Namespace<UiClientEvents, UiServerEvents>;
  const viewers = new Map<UiSocket, ViewerState>();
  const outlines = new Map<string, SharedOutline>();

  const followOutline = (socket: UiSocket, viewer: ViewerState, deviceId: string) => {
    const key = `${deviceId}\n${viewer.actor.tokenId}`;
    if (viewer.outlines.has(key)) return;
    viewer.outlines.add(key);
    const existing = outlines.get(key);
    if (existing) {
      existing.sockets.add(socket);
      if (existing.latest) socket.emit('outline', existing.latest);
      return;
    }
    const actor = viewer.actor;
    const run = () =>
      runObserve(s, actor, deviceId, 'outline', { format: 'json', text: true, wait: false, interactive: false, skeleton: false, raw: false }, DEFAULT_DEADLINE_MS);
    const entry: Omit<SharedOutline, 'watch'> = { deviceId, sockets: new Set([socket]), latest: null };
    const watch = new OutlineWatch(
      deviceId,
      run,
      (update) => {
        entry.latest = update;
        for (const sock of entry.sockets) sock.emit('outline', update);
      },
      (message) => {
        for (const sock of entry.sockets) sock.emit('outline:error', { deviceId, message });
      },
    );
    outlines.set(key, Object.assign(entry, { watch }));
  };
  const unfollowOutline = (socket: UiSocket, viewer: ViewerState, key: string) => {
    viewer.outlines.delete(key);
    const shared = outlines.get(key);
    if (!shared) return;
    shared.sockets.delete(socket);
    if (shared.sockets.size > 0) return;
    shared.watch.close();
    outlines.delete(key);
  };

  nsp.use((socket, next) => {
    resolveActor(socket.handshake.headers, s.verifier).then(
      (actor) => {
        if (!roleAtLeast(actor.role, 'viewer')) return next(new Error('FORBIDDEN'));
        viewers.set(socket, { actor, frames: new Map(), outlines: new Set() });
        next();
      },
      () => next(new Error('UNAUTHORIZED')),
    );
  });

  const summaries = async (ids?: Set<string>): Promise<DeviceSummary[]> => {
    const leases = new Map((await s.store.listLiveLeases(Date.now())).map((l) => [l.deviceId, l]));
    return s.workers
      .devices()
      .filter((v) => !ids || ids.has(v.id))
      .map((v) => deviceJson(v, leases.get(v.id)));
  };

  // Presence and lease changes come in bursts: send them together, a moment later.
  let changed = new Set<string>();
  let flush: NodeJS.Timeout | null = null;
  const deviceChanged = (deviceId: string) => {
    changed.add(deviceId);
    flush ??= setTimeout(() => {
      flush = null;
      const ids = changed;
      changed = new Set();
      void summaries().then((all) => {
        nsp.to('devices').emit('devices', all);
        for (const d of all) if (ids.has(d.id)) nsp.to(`device:${d.id}`).emit('device', d);
      }, () => undefined);
    }, 50);
  };
  const offWorkers = s.workers.onChange(deviceChanged);
  const offLeases = s.leases.onChange(deviceChanged);

  const offActions = actionFeedOf(s).subscribe((event) => {
    nsp.to(`device:${event.action.deviceId}`).emit('action', actionJson(event.action));
    if (event.kind !== 'finished') return;
    for (const shared of outlines.values()) if (shared.deviceId === event.action.deviceId) shared.watch.poke();
  });

  const recentActions = async (deviceId: string): Promise<ActionEntry[]> => {
    const sessions = (await s.store.listSessions({ limit: 200 })).filter((x) => x.deviceId === deviceId).slice(0, 3);
    const lists = await Promise.all(sessions.map((x) => s.store.listActions(x.id, { limit: 1000 })));
    return lists
      .flat()
      .sort((a, b) => a.seq - b.seq)
      .slice(-RECENT_ACTIONS)
      .map(actionJson);
  };

  const recheck = setInterval(() => {
    for (const [socket] of viewers) {
      resolveActor(socket.handshake.headers, s.verifier).catch((err: unknown) => {
        socket.emit('session:ended', err instanceof Error ? err.message : 'signed out');
        socket.disconnect(true);
      });
    }
  }, RECHECK_MS);
  recheck.unref();
  // A revoked token's dashboards are cut at once, not at the next recheck.
  const offRevoked = s.revocations.onRevoked((tokenId) => {
    for (const [socket, viewer] of viewers) {
      if (viewer.actor.tokenId !== tokenId) continue;
      socket.emit('session:ended', 'token revoked');
      socket.disconnect(true);
    }
  });

  nsp.on('connection', (socket) => {
    const viewer = viewers.get(socket);
    if (!viewer) return void socket.disconnect(true);
    const guard = <A extends unknown[]>(fn: (...args: A) => Promise<void> | void) => (...args: A) => {
      void Promise.resolve()
        .then(() => fn(...args))
        .catch(() => undefined);
    };

    socket.on('devices:watch', async (ack) => {
      await socket.join('devices');
      const devices = await summaries();
      if (typeof ack === 'function') ack(ok('devices', { devices }));
    });
    socket.on('devices:unwatch', guard(() => socket.leave('devices')));

    socket.on('device:watch', async (raw, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      try {
        const { deviceId } = parse(DeviceRequestSchema, raw);
        const [device] = await summaries(new Set([deviceId]));
        if (!device) throw new SimlabError('NOT_FOUND', `no device ${deviceId}`);
        await socket.join(`device:${deviceId}`);
        reply(ok('device.watch', { device, actions: await recentActions(deviceId) }));
      } catch (err) {
        reply(failFrom('device.watch', err));
      }
    });
    socket.on('device:unwatch', guard(async (raw) => socket.leave(`device:${parse(DeviceRequestSchema, raw).deviceId}`)));

    socket.on('frames:subscribe', guard((raw) => {
      const { deviceId, maxFps } = parse(FramesSubscribeSchema, raw);
      if (viewer.frames.has(deviceId) || !s.workers.device(deviceId)) return;
      const relay = new FrameRelay((frame, done) => {
        socket.timeout(FRAME_ACK_TIMEOUT_MS).emit('frame', { deviceId, timestamp: frame.timestamp, width: frame.width, height: frame.height, data: frame.data }, () => done());
      }, maxFps ? 1000 / maxFps : 0);
      const unsubscribe = s.workers.subscribeFrames(deviceId, (frame) => relay.push(frame));
      viewer.frames.set(deviceId, { relay, unsubscribe });
    }));
    socket.on('frames:unsubscribe', guard((raw) => {
      const { deviceId } = parse(DeviceRequestSchema, raw);
      const sub = viewer.frames.get(deviceId);
      sub?.relay.close();
      sub?.unsubscribe();
      viewer.frames.delete(deviceId);
    }));

    socket.on('outline:subscribe', guard((raw) => {
      const { deviceId } = parse(DeviceRequestSchema, raw);
      if (s.workers.device(deviceId)) followOutline(socket, viewer, deviceId);
    }));
    socket.on('outline:unsubscribe', guard((raw) => {
      const { deviceId } = parse(DeviceRequestSchema, raw);
      unfollowOutline(socket, viewer, `${deviceId}\n${viewer.actor.tokenId}`);
    }));

    socket.on('control', async (raw, ack) => {
      const reply = typeof ack === 'function' ? ack : () => undefined;
      const command = typeof (raw as { command?: unknown } | null)?.command === 'string' ? (raw as { command: string }).command : 'control';
      try {
        const message = parse(ControlSchema, raw);
        // The token is read again: a page must not act on a session that was revoked meanwhile.
        const actor = await resolveActor(socket.handshake.headers, s.verifier);
        if (!roleAtLeast(actor.role, 'agent')) throw new SimlabError('FORBIDDEN', `a ${actor.role} token may watch but never act`);
        if (!isCommandName(message.command) || OBSERVE_COMMANDS.has(message.command)) {
          throw new SimlabError('INVALID_ARGS', `${message.command} is not a device action`);
        }
        reply(await runAction(s, actor, message.deviceId, message.command, message.args ?? {}, DEFAULT_DEADLINE_MS));
      } catch (err) {
        reply(err instanceof SimlabError ? failFrom(command, err) : fail(command, 'INTERNAL', 'the control message failed'));
      }
    });

    socket.on('disconnect', () => {
      for (const sub of viewer.frames.values()) {
        sub.relay.close();
        sub.unsubscribe();
      }
      for (const key of [...viewer.outlines]) unfollowOutline(socket, viewer, key);
      viewers.delete(socket);
    });
  });

  return {
    close: () => {
      clearInterval(recheck);
      offRevoked();
      if (flush) clearTimeout(flush);
      offWorkers();
      offLeases();
      offActions();
      // Sockets are left to the hub's shutdown: a transport close (not a server disconnect) makes
      // the pages reconnect by themselves to the next hub on this address.
      for (const viewer of viewers.values()) {
        for (const sub of viewer.frames.values()) {
          sub.relay.close();
          sub.unsubscribe();
        }
        viewer.frames.clear();
      }
      for (const shared of outlines.values()) shared.watch.close();
      outlines.clear();
    },
  };
}
