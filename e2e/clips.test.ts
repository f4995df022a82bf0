import assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, test } from 'node:test';
import type { ReplayJson } from '../core/wire/replay-views.js';
import { call, createToken, data, runCli, startWorkerLab, tempDataDir, waitFor, type WorkerLab } from './support/lab.js';
import { probeVideo } from '../test/support/video-probe.js';

/**
 * Clips for real: an agent's recorded lease on a web device of the demo app, cut on the hub by
 * ffmpeg into an MP4 and a GIF of a step range through the CLI, and by time through REST.
 */
const DEVICE = 'clip-web-1';

describe('clips: a step range of a recording as MP4 and GIF', { concurrency: false }, () => {
  const files = tempDataDir();
  let lab: WorkerLab;
  let url: string;
  let viewer: string;
  let replay: ReplayJson;

  before(async () => {
    lab = await startWorkerLab({ workerId: 'clip', deviceId: DEVICE, env: {} });
    url = lab.hub.url;
    const admin = lab.hub.adminToken as string;
    const agent = await createToken(url, admin, 'clip-agent', 'agent');
    viewer = await createToken(url, admin, 'clip-viewer', 'viewer');
    const lease = data(await call<{ id: string; sessionId: string }>(url, 'POST', '/leases', agent, { deviceId: DEVICE }));
    await waitFor('the recording', async () => data(await call<ReplayJson>(url, 'GET', `/sessions/${lease.sessionId}/replay`, agent)).recordings[0]?.startedAt);
    for (const target of ['#tab-settings', '#toggle-dark', '#tab-home']) {
      await new Promise((r) => setTimeout(r, 700));
      assert.equal((await call(url, 'POST', `/devices/${DEVICE}/tap`, agent, { target })).status, 200);
    }
    await new Promise((r) => setTimeout(r, 1200));
    await call(url, 'DELETE', `/leases/${lease.id}`, agent);
    replay = await waitFor('the recording to end', async () => {
      const r = data(await call<ReplayJson>(url, 'GET', `/sessions/${lease.sessionId}/replay`, agent));
      return r.recordings[0]?.endedAt ? r : undefined;
    });
  });
  after(async () => {
    await lab?.close();
    files.remove();
  });

  const cli = (args: string[]) => runCli(args, { SIMLAB_HUB: url, SIMLAB_TOKEN: viewer, SIMLAB_CREDENTIALS: join(files.dir, 'credentials.json') });

  test('`simlab clip --steps 2-3` writes an MP4 that spans those steps and a GIF of them, smaller and at most 360 wide', async () => {
    const session = replay.session.id;
    const [second, third] = [replay.actions[1]!.media!, replay.actions[2]!.media!];
    const expectedMs = Math.max(third.endMs, third.settledMs ?? 0) + 1000 - (second.startMs - 500);

    const mp4 = join(files.dir, 'steps.mp4');
    const cutMp4 = await cli(['clip', session, '--steps', '2-3', '-o', mp4]);
    assert.equal(cutMp4.code, 0, cutMp4.stderr);
    const probed = probeVideo(mp4);
    assert.equal(probed.codec, 'h264');
    assert.ok(Math.abs(probed.duration * 1000 - expectedMs) < 300, `clip of ${probed.duration * 1000} ms for a range of ${expectedMs} ms`);

    const gif = join(files.dir, 'steps.gif');
    const cutGif = await cli(['clip', session, '--steps', '2-3', '-o', gif]);
    assert.equal(cutGif.code, 0, cutGif.stderr);
    const stream = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-count_frames', '-show_entries', 'stream=codec_name,width,height,nb_read_frames', '-of', 'json', gif], { encoding: 'utf8' })) as {
      streams: Array<{ codec_name: string; width: number; height: number; nb_read_frames: string }>;
    };
    const [g] = stream.streams;
    assert.equal(g?.codec_name, 'gif');
    assert.ok(g.width <= 360 && g.height > g.width, `${g.width}x${g.height}`);
    assert.ok(Number(g.nb_read_frames) >= (expectedMs / 1000) * 10 * 0.8, `${g.nb_read_frames} frames at 10 fps over ${expectedMs} ms`);
  });

  test('by time over REST, a chosen width; bad ranges and lengths are refused with a clear envelope', async () => {
    const session = replay.session.id;
    const response = await fetch(`${url}/api/v1/sessions/${session}/clip?start=500&end=2500&width=200`, { headers: { authorization: `Bearer ${viewer}` } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'video/mp4');
    const file = join(files.dir, 'time.mp4');
    writeFileSync(file, Buffer.from(await response.arrayBuffer()));
    const size = JSON.parse(execFileSync('ffprobe', ['-v', 'error', '-show_entries', 'stream=width', '-of', 'json', file], { encoding: 'utf8' })) as { streams: Array<{ width: number }> };
    assert.equal(size.streams[0]?.width, 200);
    // The clip is the recording from 0.5 s to 2.5 s: it lasts until the last frame the recording
    // has in that range, and no more than the 2 s asked (a frame of the clip's rate over). Not a
    // fixed tolerance around 2 s: a still screen is written again only every quarter second or so,
    // later on a busy host, so the recording's last frame in the range can come well before 2.5 s.
    const recording = join(files.dir, 'recording.mp4');
    const video = await fetch(`${url}/api/v1/sessions/${session}/recordings/${replay.recordings[0]!.id}/video`, { headers: { authorization: `Bearer ${viewer}` } });
    writeFileSync(recording, Buffer.from(await video.arrayBuffer()));
    const lastInRange = probeVideo(recording).frameTimes.filter((t) => t >= 0.5 && t < 2.5).at(-1)! - 0.5;
    const clip = probeVideo(file);
    const frame = clip.frameTimes[1]! - clip.frameTimes[0]!;
    assert.ok(clip.duration > lastInRange && clip.duration <= 2 + frame + 0.001, `the 2 s clip lasts ${clip.duration} s; the recording's last frame in the range is at ${lastInRange.toFixed(3)} s of it`);

    const refused = async (query: string, pattern: RegExp, status = 400) => {
      const answer = await call(url, 'GET', `/sessions/${session}/clip?${query}`, viewer);
      assert.equal(answer.status, status, query);
      assert.ok(!answer.envelope.ok && pattern.test(answer.envelope.error.message), `${query}: ${JSON.stringify(answer.envelope)}`);
    };
    await refused('format=gif&start=0&end=31000', /GIF clip lasts at most 30 s/);
    await refused('from=2&start=0&end=1000', /steps .* or times/);
    await refused('start=0', /needs start and end/);
    await refused('from=9', /has 3 steps/);
    await refused('from=3&to=2', /not a range/);
    await refused('start=0&end=1000&width=5000', /width/i);
    await refused('start=0&end=1000&format=avi', /format/i);
    await refused('start=0&end=1000&recording=../../etc', /letters, digits/);
    await refused('start=600000&end=601000', /no frames/);
    assert.equal((await call(url, 'GET', `/sessions/nope/clip?start=0&end=1000`, viewer)).status, 404);
  });
});
