import type { Namespace, Server } from 'socket.io';
import { SimlabError } from '../../core/contract/index.js';
import { UI_NAMESPACE, type UiClientEvents, type UiServerEvents } from '../../core/wire/ui-protocol.js';
import type { HubServices } from '../api/services.js';
import { actionJson } from '../api/views.js';
import { readableBy, secretTexts } from '../actions/secret-text.js';
import { resolveActor } from '../auth/actor.js';
import { allowedOriginsFromEnv, originAllowed } from '../auth/origin.js';
import { roleAtLeast } from '../auth/roles.js';
import { DeviceBroadcast } from './device-summaries.js';
import { control } from './handlers/control.js';
import { deviceViewers, unwatchDevice, watchDevice, watchDevices } from './handlers/devices.js';
import { stopFrames, subscribeFrames, unsubscribeFrames } from './handlers/frames.js';
import { subscribeOutline, unsubscribeOutline } from './handlers/outlines.js';
import { DevicePresence, deviceRoom, type ViewerData } from './presence.js';
import { SharedOutlines } from './shared-outlines.js';
import { quietly, type UiSocket, type Viewer } from './viewer.js';

/** How often open pages have their session token checked again (revoked, expired). */
const RECHECK_MS = 3000;

/**
 * The dashboard's real-time channel (core/wire/ui-protocol.ts): the `/ui` namespace on the hub's
 * Socket.IO server, opened with the session cookie. Viewers watch devices, frames, outlines and
 * the action log; `control` runs a command exactly as REST does, under the same lease rules.
 * One handler per event, in handlers/.
 */
export function attachUi(io: Server, s: HubServices): { close(): void } {
  const nsp = io.of(UI_NAMESPACE) as unknown as Namespace<UiClientEvents, UiServerEvents>;
  const viewers = new Map<UiSocket, Viewer>();
  const outlines = new SharedOutlines(s.actions);
  const broadcast = new DeviceBroadcast(nsp, s);
  const presence = new DevicePresence(nsp);
  const offActions = s.actionFeed.subscribe((event) => {
    const room = deviceRoom(event.action.deviceId);
    if (secretTexts(event.action).length === 0) nsp.to(room).emit('action', actionJson(event.action));
    else {
      // Typed secrets reach each page as its viewer may read them (only the typist and admins see the text).
      void nsp
        .in(room)
        .fetchSockets()
        .then((sockets) => {
          for (const socket of sockets) socket.emit('action', actionJson(readableBy(event.action, (socket.data as ViewerData).viewer ?? null)));
        });
    }
    if (event.kind === 'finished') outlines.deviceActed(event.action.deviceId);
  });

  // A revoked token's dashboards are cut at once, not at the next recheck.
  const offRevoked = s.revocations.onRevoked((tokenId) => {
    for (const [socket, viewer] of viewers) {
      if (viewer.actor.tokenId !== tokenId) continue;
      socket.emit('session:ended', 'token revoked');
      socket.disconnect(true);
    }
  });

  const allowedOrigins = allowedOriginsFromEnv();
  nsp.use((socket, next) => {
    // Cross-site WebSocket hijacking: a page elsewhere must not open /ui with the person's cookie.
    if (!originAllowed(socket.handshake.headers, allowedOrigins)) return next(new Error('FORBIDDEN'));
    resolveActor(socket.handshake.headers, s.verifier, socket.handshake.address).then(
      (actor) => {
        if (!roleAtLeast(actor.role, 'viewer')) return next(new Error('FORBIDDEN'));
        viewers.set(socket, { socket, actor, frames: new Map(), outlines: new Set() });
        (socket.data as ViewerData).viewer = { tokenId: actor.tokenId, name: actor.name, role: actor.role };
        next();
      },
      (err: unknown) => next(new Error(err instanceof SimlabError && err.code === 'RATE_LIMITED' ? 'RATE_LIMITED' : 'UNAUTHORIZED')),
    );
  });

  const recheck = setInterval(() => {
    for (const [socket] of viewers) {
      resolveActor(socket.handshake.headers, s.verifier, socket.handshake.address).catch((err: unknown) => {
        socket.emit('session:ended', err instanceof Error ? err.message : 'signed out');
        socket.disconnect(true);
      });
    }
  }, RECHECK_MS);
  recheck.unref();

  const leave = (viewer: Viewer) => {
    for (const deviceId of [...viewer.frames.keys()]) stopFrames(viewer, deviceId);
    for (const key of [...viewer.outlines]) outlines.unfollow(viewer, key);
  };

  nsp.on('connection', (socket) => {
    const viewer = viewers.get(socket);
    if (!viewer) return void socket.disconnect(true);
    socket.on('devices:watch', quietly(watchDevices(s, viewer)));
    socket.on('devices:unwatch', quietly(() => socket.leave('devices')));
    socket.on('device:watch', quietly(watchDevice(s, viewer, presence)));
    socket.on('device:unwatch', quietly(unwatchDevice(viewer, presence)));
    socket.on('device:viewers', quietly(deviceViewers(presence)));
    socket.on('frames:subscribe', quietly(subscribeFrames(s, viewer)));
    socket.on('frames:unsubscribe', quietly(unsubscribeFrames(viewer)));
    socket.on('outline:subscribe', quietly(subscribeOutline(s, outlines, viewer)));
    socket.on('outline:unsubscribe', quietly(unsubscribeOutline(outlines, viewer)));
    socket.on('control', quietly(control(s, viewer)));
    // The rooms are still known while disconnecting: the pages left behind hear who went.
    socket.on('disconnecting', () => {
      for (const room of socket.rooms) if (room.startsWith('device:')) presence.deviceChanged(room.slice('device:'.length));
    });
    socket.on('disconnect', () => {
      leave(viewer);
      viewers.delete(socket);
    });
  });

  return {
    close: () => {
      clearInterval(recheck);
      broadcast.close();
      presence.close();
      offActions();
      offRevoked();
      // Sockets are left to the hub's shutdown: a transport close (not a server disconnect) makes
      // the pages reconnect by themselves to the next hub on this address.
      for (const viewer of viewers.values()) for (const deviceId of [...viewer.frames.keys()]) stopFrames(viewer, deviceId);
      outlines.close();
    },
  };
}
