// What a clip costs on the hub: a recorded agent lease on the demo app (a tab tapped every 2 s,
// the live feed moving), then the same stretches cut as MP4 and as GIF through GET
// /sessions/:id/clip. Prints, side by side per stretch: the wall time of the cut against the
// clip's own length, and the clip's bytes per second against the recording's (its MP4 as stored).
// Run: npx tsx bench/clip.ts [--seconds 24]
import { parseArgs } from 'node:util';
import type { ReplayJson } from '../core/wire/replay-views.js';
import { call, createToken, data, startWorkerLab, waitFor } from '../e2e/support/lab.js';

const { values: opts } = parseArgs({ options: { seconds: { type: 'string', default: '24' } } });
const SECONDS = Number(opts.seconds);
const TABS = ['#tab-search', '#tab-alerts', '#tab-settings', '#tab-home'];
const DEVICE = 'bench-clip-web-1';

const lab = await startWorkerLab({ workerId: 'bench-clip', deviceId: DEVICE, env: {} });
try {
  const url = lab.hub.url;
  const agent = await createToken(url, lab.hub.adminToken as string, 'bench-clip', 'agent');
  const lease = data(await call<{ id: string; sessionId: string }>(url, 'POST', '/leases', agent, { deviceId: DEVICE }));
  await waitFor('the recording', async () => data(await call<ReplayJson>(url, 'GET', `/sessions/${lease.sessionId}/replay`, agent)).recordings[0]?.startedAt);
  const until = Date.now() + SECONDS * 1000;
  for (let i = 0; Date.now() < until; i++) {
    await call(url, 'POST', `/devices/${DEVICE}/tap`, agent, { target: TABS[i % TABS.length] });
    await new Promise((r) => setTimeout(r, 2000));
  }
  await call(url, 'DELETE', `/leases/${lease.id}`, agent);
  const replay = await waitFor('the recording to end', async () => {
    const r = data(await call<ReplayJson>(url, 'GET', `/sessions/${lease.sessionId}/replay`, agent));
    return r.recordings[0]?.endedAt ? r : undefined;
  });
  const recording = replay.recordings[0]!;
  const recordedMs = Date.parse(recording.endedAt!) - (recording.startedAt ?? 0);
  const recordingKBps = recording.bytes / 1024 / (recordedMs / 1000);
  console.log(`recording: ${(recordedMs / 1000).toFixed(1)} s, ${(recording.bytes / 1024).toFixed(0)} KB, ${recordingKBps.toFixed(1)} KB/s`);
  console.log('clip            cut ms   clip s   cut/clip   KB      KB/s   KB/s vs recording');
  for (const seconds of [5, 15]) {
    for (const format of ['mp4', 'gif'] as const) {
      const started = performance.now();
      const response = await fetch(`${url}/api/v1/sessions/${lease.sessionId}/clip?format=${format}&start=1000&end=${1000 + seconds * 1000}`, { headers: { authorization: `Bearer ${agent}` } });
      const bytes = (await response.arrayBuffer()).byteLength;
      const cutMs = performance.now() - started;
      if (response.status !== 200) throw new Error(`clip answered ${response.status}`);
      const kbps = bytes / 1024 / seconds;
      console.log(
        `${`${format} ${seconds} s`.padEnd(14)}  ${cutMs.toFixed(0).padStart(6)}   ${String(seconds).padStart(6)}   ${(cutMs / (seconds * 1000)).toFixed(2).padStart(8)}   ${(bytes / 1024).toFixed(0).padStart(5)}   ${kbps.toFixed(1).padStart(6)}   ${(kbps / recordingKBps).toFixed(2)}x`,
      );
    }
  }
} finally {
  await lab.close();
}
