// `dumpsys gfxinfo <package> [framestats]` as Android prints it: the device's uptime, the app's
// frame statistics, and with `framestats` the app window's last frames as PROFILEDATA rows (ns of
// the monotonic clock). The frames are the virtual device's: one per visible change or touch, one
// per vsync while an animation runs (VirtualAndroid.framesDrawn).
import type { DeviceParts } from '../device-parts.js';

/** Device uptime at the virtual device's start: a phone that has been on for a while. */
const BOOTED_MS = 4_215_000;
/** Android 12 (API 31) added these columns; older releases print the original ones. */
const COLUMNS_31 = [
  'Flags', 'FrameTimelineVsyncId', 'IntendedVsync', 'Vsync', 'InputEventId', 'HandleInputStart', 'AnimationStart', 'PerformTraversalsStart',
  'DrawStart', 'FrameDeadline', 'FrameInterval', 'FrameStartTime', 'SyncQueued', 'SyncStart', 'IssueDrawCommandsStart', 'SwapBuffers',
  'FrameCompleted', 'DequeueBufferDuration', 'QueueBufferDuration', 'GpuCompleted', 'SwapBuffersCompleted', 'DisplayPresentTime', 'CommandSubmissionCompleted',
];
const COLUMNS_29 = [
  'Flags', 'IntendedVsync', 'Vsync', 'OldestInputEvent', 'NewestInputEvent', 'HandleInputStart', 'AnimationStart', 'PerformTraversalsStart',
  'DrawStart', 'SyncQueued', 'SyncStart', 'IssueDrawCommandsStart', 'SwapBuffers', 'FrameCompleted', 'DequeueBufferDuration', 'QueueBufferDuration', 'GpuCompleted',
];
const VSYNC_NS = 16_666_667;

/** How long after its vsync a frame completes. */
const FRAME_WORK_MS = 6;

/** One frame drawn at `ms` (device uptime) as a row: its steps spread over FRAME_WORK_MS after the vsync. */
function row(columns: string[], ms: number, id: number): string {
  const vsync = Math.round(ms * 1e6);
  const at = (stepMs: number) => String(vsync + Math.round(stepMs * 1e6));
  const value: Record<string, string> = {
    Flags: '0', FrameTimelineVsyncId: String(id), IntendedVsync: String(vsync), Vsync: String(vsync), InputEventId: '0',
    OldestInputEvent: '9223372036854775807', NewestInputEvent: '0', HandleInputStart: at(0.2), AnimationStart: at(0.3),
    PerformTraversalsStart: at(0.5), DrawStart: at(1.5), FrameDeadline: String(vsync + 2 * VSYNC_NS), FrameInterval: String(VSYNC_NS),
    FrameStartTime: String(vsync), SyncQueued: at(2.5), SyncStart: at(2.6), IssueDrawCommandsStart: at(3), SwapBuffers: at(4.5),
    FrameCompleted: at(FRAME_WORK_MS), DequeueBufferDuration: '120000', QueueBufferDuration: '180000', GpuCompleted: at(5.5), SwapBuffersCompleted: at(5),
    DisplayPresentTime: '0', CommandSubmissionCompleted: at(4.6),
  };
  return `${columns.map((c) => value[c] ?? '0').join(',')},`;
}

/** What the command prints (dumpsys exits 0 either way, also for an app that is not running). */
export function gfxinfo(device: DeviceParts, args: string[]): string {
  const uptime = Math.round(BOOTED_MS + device.now());
  const header = `Applications Graphics Acceleration Info:\nUptime: ${uptime} Realtime: ${uptime + 1_874_311}\n`;
  const pkg = args.find((a) => !a.startsWith('-') && a !== 'framestats' && a !== 'reset');
  const { graph, config } = device;
  if (pkg !== graph.packageName) return pkg === undefined ? header : `${header}No process found for: ${pkg}\n`;
  // An app that draws without hwui (GL, a game engine) has no frames here; a frame is listed once complete.
  const drawn = config.hwuiFrames ? device.framesDrawn().filter((t) => t + FRAME_WORK_MS <= device.now()) : [];
  const frames = drawn.map((t) => BOOTED_MS + t);
  const [app = '', cls = ''] = graph.activity.split('/');
  const window = `${app}/${cls.startsWith('.') ? `${app}${cls}` : cls}/android.view.ViewRootImpl@5c2b3a1`;
  const stats = [
    '',
    `** Graphics info for pid 4521 [${graph.packageName}] **`,
    '',
    `Stats since: ${BOOTED_MS * 1_000_000}ns`,
    `Total frames rendered: ${frames.length}`,
    'Janky frames: 0 (0.00%)',
    '50th percentile: 6ms',
    '90th percentile: 7ms',
    '95th percentile: 8ms',
    '99th percentile: 9ms',
    'Number Missed Vsync: 0',
    'Number High input latency: 0',
    'Number Slow UI thread: 0',
    'Number Slow bitmap uploads: 0',
    'Number Slow issue draw commands: 0',
    'Number Frame deadline missed: 0',
    '',
    'Profile data in ms:',
    '',
    `\t${window} (visibility=0)`,
  ];
  if (args.includes('framestats')) {
    const columns = config.identity.sdk >= 31 ? COLUMNS_31 : COLUMNS_29;
    stats.push('---PROFILEDATA---', `${columns.join(',')},`, ...frames.map((t, i) => row(columns, t, 5_589_000 + i)), '---PROFILEDATA---', '');
  }
  stats.push('View hierarchy:', '', `  ${window}`, '  42 views, 61.19 kB of render nodes', '', '', 'Total ViewRootImpl   : 1', 'Total attached Views : 42', '');
  return `${header}${stats.join('\n')}\n`;
}
