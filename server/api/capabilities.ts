import { SimlabError } from '../../core/contract/index.js';
import type { DeviceDescriptor } from '../../core/wire/device.js';

const MULTI_TOUCH = new Set(['pinch', 'rotate', 'two-finger-tap', 'two-finger-long-press']);

function unsupported(device: DeviceDescriptor, capability: string, what: string): SimlabError {
  const reason = device.capabilities.reasons?.[capability];
  return new SimlabError('UNSUPPORTED', `${device.name} (${device.platform}) cannot ${what}${reason ? `: ${reason}` : ''}`, {
    details: { capability, ...(reason ? { reason } : {}) },
  });
}

/** UNSUPPORTED before anything is sent, when the device advertises it lacks what the command needs. */
export function checkCapability(device: DeviceDescriptor, command: string, args: unknown): void {
  const caps = device.capabilities;
  const fingers = command === 'perform' ? ((args as { fingers?: unknown[] }).fingers?.length ?? 0) : 0;
  if ((MULTI_TOUCH.has(command) || fingers > 1) && !caps.multiTouch) throw unsupported(device, 'multiTouch', `do ${command} (needs multi-touch)`);
  if (command === 'type' && !caps.type) throw unsupported(device, 'type', 'type text');
  if (command === 'screenshot' && !caps.screenshot) throw unsupported(device, 'screenshot', 'take screenshots');
  if (command === 'button') {
    const button = (args as { button: 'back' | 'home' }).button;
    if (!caps.buttons.includes(button)) throw unsupported(device, 'buttons', `press ${button}`);
  }
  const dot = command.indexOf('.');
  if (dot > 0) {
    if (command.slice(0, dot) !== device.platform) {
      throw new SimlabError('UNSUPPORTED', `${command} is a ${command.slice(0, dot)} verb; ${device.id} is a ${device.platform} device`, {
        details: { capability: 'platformVerbs' },
      });
    }
    if (!caps.platformVerbs.includes(command)) throw unsupported(device, 'platformVerbs', command);
  }
}
