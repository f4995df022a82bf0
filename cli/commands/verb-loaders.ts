import type { Command } from 'commander';

/** Loads the module of one or more top-level commands and builds them. */
export type VerbLoader = () => Promise<Command[]>;

const actions: VerbLoader = async () => (await import('./actions.js')).actionCommands();
const observe: VerbLoader = async () => {
  const m = await import('./observe.js');
  return [m.uiCommand(), m.screenshotCommand(), m.appStateCommand()];
};
const lease: VerbLoader = async () => {
  const m = await import('./lease.js');
  return [m.leaseCommand(), m.releaseCommand()];
};

/**
 * Which module holds each top-level verb, so `simlab tap @3` loads the action commands and
 * nothing else (the outline renderer, importers, the MCP SDK...): start time is most of what a
 * one-shot CLI costs an agent. A verb missing here still works through the full program.
 */
export const VERB_LOADERS: Readonly<Record<string, VerbLoader>> = {
  ...Object.fromEntries(['tap', 'double-tap', 'long-press', 'swipe', 'drag', 'scroll-by', 'fling', 'pinch', 'rotate', 'two-finger-tap', 'type', 'key', 'button'].map((v) => [v, actions])),
  ui: observe,
  screenshot: observe,
  'app-state': observe,
  lease,
  release: lease,
  devices: async () => [(await import('./devices.js')).devicesCommand()],
  batch: async () => [(await import('./batch.js')).batchCommand()],
  log: async () => [(await import('./log.js')).logCommand()],
  flow: async () => [(await import('./flow.js')).flowCommand()],
  clip: async () => [(await import('./clip.js')).clipCommand()],
  mcp: async () => [(await import('./mcp.js')).mcpCommand()],
  outline: async () => [(await import('./outline.js')).outlineCommand()],
  web: async () => [(await import('./web.js')).webCommand()],
  ios: async () => [(await import('./ios.js')).iosCommand()],
  android: async () => [(await import('./android.js')).androidCommand()],
};
