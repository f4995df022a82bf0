import { z } from 'zod';
import type { Envelope } from '../contract/envelope.js';
import type { Size } from '../model/geometry.js';
import type { OutlineElement } from '../outline/snapshot.js';
import type { ActionJson } from './api-views.js';

/**
 * The dashboard's real-time channel: the `/ui` Socket.IO namespace of the hub, authenticated by
 * the session cookie. Watching needs the viewer role; `control` runs the same commands as REST
 * (`POST /api/v1/devices/:id/<command>`) under the same lease rules.
 *
 * Frames: after `frames:subscribe` the hub emits `frame` with an ack; it sends the next frame only
 * once the page acked the previous one (after painting it), keeping just the newest in between, so
 * a slow page only ever skips frames and never delays anyone else.
 */
export const UI_NAMESPACE = '/ui';

export const DeviceRequestSchema = z.object({ deviceId: z.string().min(1).max(200) }).strict();

/** A viewer's frames: at most maxFps, at `scale` image pixels per point (its pixel ratio) and JPEG `quality`. */
export const FramesSubscribeSchema = z
  .object({
    deviceId: z.string().min(1).max(200),
    maxFps: z.number().positive().max(120).optional(),
    scale: z.number().min(0.25).max(3).optional(),
    quality: z.number().int().min(10).max(95).optional(),
  })
  .strict();

export const ControlSchema = z
  .object({ deviceId: z.string().min(1).max(200), command: z.string().min(1).max(60), args: z.unknown() })
  .strict();

export type DeviceRequest = z.infer<typeof DeviceRequestSchema>;
export type FramesSubscribe = z.infer<typeof FramesSubscribeSchema>;
export type ControlRequest = z.infer<typeof ControlSchema>;

/** A device as GET /api/v1/devices lists it. */
export interface DeviceSummary {
  id: string;
  platform: 'android' | 'ios' | 'web';
  model: string;
  name: string;
  size: Size;
  scale: number;
  orientation: 'portrait' | 'landscape';
  state: 'online' | 'offline';
  capabilities: { multiTouch: boolean; keys: string[]; buttons: Array<'back' | 'home'>; screenshot: boolean; frames: boolean; reasons?: Record<string, string> | undefined };
  lease: { leaseId: string; holder: string; until: string } | null;
  lastSeenAt: string;
}

/** One entry of the action log as GET /api/v1/sessions/:id/actions answers it. */
export type ActionEntry = ActionJson;

export interface FrameUpdate {
  deviceId: string;
  /** When the device produced it (ms since epoch). */
  timestamp: number;
  width: number;
  height: number;
  data: ArrayBuffer | Uint8Array;
}

/** An outline element with the selectors that address it, shortest first, and its states as the outline words them. */
export interface InspectableElement extends OutlineElement {
  selectors: string[];
  notes: string[];
}

/** The live outline of a device: the text an agent reads, and its elements for the inspector. */
export interface OutlineUpdate {
  deviceId: string;
  snapshot: string;
  size: Size;
  /** False when the screen was still changing when it was read (the page marks it "not still"). */
  still: boolean;
  text: string;
  elements: InspectableElement[];
  at: number;
}

export interface OutlineProblem {
  deviceId: string;
  message: string;
}

/** One person (one token) with the device page open, in however many tabs and hubs. */
export interface DeviceViewer {
  name: string;
  role: string;
  pages: number;
}

/** Who has a device's page open now; the lease holder is the device summary's `lease.holder`. */
export interface DeviceViewers {
  deviceId: string;
  viewers: DeviceViewer[];
}

/** The initial state of a device page; later changes come as `device` and `action` events. */
export interface DeviceWatch {
  device: DeviceSummary;
  actions: ActionEntry[];
}

export type Ack<T> = (reply: Envelope<T>) => void;

export interface UiClientEvents {
  'devices:watch': (ack: Ack<{ devices: DeviceSummary[] }>) => void;
  'devices:unwatch': () => void;
  'device:watch': (message: DeviceRequest, ack: Ack<DeviceWatch>) => void;
  'device:unwatch': (message: DeviceRequest) => void;
  /** Who watches the device now; later changes come as `viewers`. */
  'device:viewers': (message: DeviceRequest, ack: Ack<DeviceViewers>) => void;
  'frames:subscribe': (message: FramesSubscribe) => void;
  'frames:unsubscribe': (message: DeviceRequest) => void;
  'outline:subscribe': (message: DeviceRequest) => void;
  'outline:unsubscribe': (message: DeviceRequest) => void;
  control: (message: ControlRequest, ack: Ack<unknown>) => void;
}

export interface UiServerEvents {
  devices: (devices: DeviceSummary[]) => void;
  device: (device: DeviceSummary) => void;
  frame: (frame: FrameUpdate, painted: () => void) => void;
  outline: (outline: OutlineUpdate) => void;
  'outline:error': (problem: OutlineProblem) => void;
  action: (action: ActionEntry) => void;
  /** Sent to a device's watchers whenever someone opens or leaves its page. */
  viewers: (viewers: DeviceViewers) => void;
  /** The session token stopped being valid (revoked or expired): the page goes to sign-in. */
  'session:ended': (reason: string) => void;
}
