/**
 * The bundle's self-contained viewer: one HTML file with its data, style and script inline, that
 * plays the bundle's video beside its steps from file:// with no server and no network.
 * Its replay logic mirrors core/replay/replay-time.ts (the page cannot import it).
 */
export interface ViewerData {
  title: string;
  recordings: Array<{ id: string; file: string; endReason: string | null }>;
  steps: Array<{
    n: number;
    command: string;
    args: string;
    outcome: string;
    at: string;
    actor: string;
    diff: string | null;
    outlineBefore: string | null;
    outlineAfter: string | null;
    before: string | null;
    after: string | null;
    media: { recordingId: string; startMs: number; endMs: number; settledMs?: number; touches: Array<{ atMs: number; fingers: Array<{ id: number; points: Array<{ x: number; y: number; t: number }> }> }> } | null;
  }>;
}

/** JSON that is safe inside a <script> element. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value).replace(/</g, '\\u003c').replace(/\u2028/g, '\\u2028').replace(/\u2029/g, '\\u2029');
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `
body { font: 14px system-ui, sans-serif; margin: 0; color: #111827; }
header { padding: 10px 16px; border-bottom: 1px solid #e5e7eb; }
main { display: grid; grid-template-columns: 300px auto 1fr; gap: 16px; padding: 16px; align-items: start; }
ol { list-style: none; margin: 0; padding: 0; max-height: calc(100vh - 100px); overflow: auto; }
li { padding: 6px 8px; border-radius: 6px; cursor: pointer; }
li.current { background: #dbeafe; }
.muted { color: #6b7280; font-size: 12px; }
.frame { position: relative; display: inline-block; }
video { display: block; max-height: 75vh; max-width: 45vw; background: #000; border-radius: 6px; }
svg { position: absolute; inset: 0; width: 100%; height: 100%; pointer-events: none; }
polyline { fill: none; stroke: rgba(239,68,68,.8); stroke-width: 4; }
circle { fill: rgba(239,68,68,.45); stroke: #ef4444; stroke-width: 3; }
pre { background: #f9fafb; border: 1px solid #e5e7eb; border-radius: 6px; padding: 8px; overflow: auto; max-height: 240px; font-size: 12px; }
.shots { display: grid; grid-template-columns: 1fr 1fr; gap: 8px; max-width: 420px; }
.shots img { width: 100%; border: 1px solid #e5e7eb; border-radius: 6px; }
`;

const SCRIPT = `
const data = JSON.parse(document.getElementById('evidence').textContent);
const steps = data.steps;
const list = document.getElementById('steps');
const video = document.getElementById('video');
const overlay = document.getElementById('overlay');
const detail = document.getElementById('detail');
const status = document.getElementById('status');
const SPEEDS = [0.25, 0.5, 1, 1.5, 2, 4];
let step = 0;
let recording = null;
let autoStep = -1;
function el(tag, attrs, text) { const e = document.createElement(tag); for (const k in attrs || {}) e.setAttribute(k, attrs[k]); if (text !== undefined) e.textContent = text; return e; }
steps.forEach((s, i) => {
  const li = el('li', { 'data-testid': 'step' });
  li.append(el('span', { class: 'muted' }, s.n + '. '), el('code', {}, s.command), el('span', {}, ' ' + s.outcome), el('div', { class: 'muted' }, s.at));
  li.onclick = () => select(i, true);
  list.append(li);
});
function recordingOf(s) { return data.recordings.find((r) => s && s.media && r.id === s.media.recordingId) || data.recordings[0] || null; }
function select(i, seek) {
  step = Math.max(0, Math.min(steps.length - 1, i));
  [...list.children].forEach((li, k) => li.classList.toggle('current', k === step));
  list.children[step] && list.children[step].scrollIntoView({ block: 'nearest' });
  history.replaceState(null, '', '#step=' + (step + 1));
  const s = steps[step];
  const r = recordingOf(s);
  if (r && r !== recording) { recording = r; video.src = r.file; }
  if (seek && s && s.media && recording && s.media.recordingId === recording.id) video.currentTime = s.media.startMs / 1000;
  detail.replaceChildren();
  if (!s) return;
  detail.setAttribute('data-step', String(step));
  detail.append(el('h2', {}, s.n + ' / ' + steps.length + ': ' + s.command), el('pre', {}, s.args), el('p', { class: 'muted' }, 'by ' + s.actor + ' at ' + s.at + ': ' + s.outcome));
  const shots = el('div', { class: 'shots' });
  for (const which of ['before', 'after']) if (s[which]) { const f = el('figure'); f.append(el('figcaption', { class: 'muted' }, 'screen ' + which), el('img', { src: s[which], 'data-testid': 'shot-' + which })); shots.append(f); }
  detail.append(shots, el('h3', {}, 'Settled diff'), el('pre', { 'data-testid': 'diff' }, s.diff || 'no change recorded'), el('h3', {}, 'Outline after'), el('pre', {}, s.outlineAfter || '-'));
}
function draw() {
  const ms = video.currentTime * 1000;
  const screen = recording && recording.screen;
  overlay.setAttribute('viewBox', screen ? '0 0 ' + screen.width + ' ' + screen.height : '0 0 ' + (video.videoWidth || 1) + ' ' + (video.videoHeight || 1));
  overlay.replaceChildren();
  for (const s of steps) {
    if (!s.media || !recording || s.media.recordingId !== recording.id) continue;
    for (const touch of s.media.touches) for (const f of touch.fingers) {
      const t = ms - touch.atMs, end = f.points[f.points.length - 1].t;
      if (t < f.points[0].t || t > end + 600) continue;
      const g = document.createElementNS('http://www.w3.org/2000/svg', 'g');
      g.setAttribute('data-testid', 'touch-mark');
      const line = document.createElementNS('http://www.w3.org/2000/svg', 'polyline');
      line.setAttribute('points', f.points.map((p) => p.x + ',' + p.y).join(' '));
      const last = f.points[f.points.length - 1];
      const dot = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
      dot.setAttribute('cx', last.x); dot.setAttribute('cy', last.y); dot.setAttribute('r', 14);
      g.append(line, dot); overlay.append(g);
    }
  }
  status.textContent = (ms / 1000).toFixed(1) + ' s, ' + video.playbackRate + 'x · space plays, [ ] speed, arrows step';
  if (!video.paused && recording) {
    let found = -1;
    steps.forEach((s, i) => { if (s.media && s.media.recordingId === recording.id && s.media.startMs <= ms) found = i; });
    if (found >= 0 && found !== step) { autoStep = found; select(found, false); }
  }
}
video.addEventListener('timeupdate', draw);
video.addEventListener('seeked', draw);
(function loop() { if (!video.paused) draw(); requestAnimationFrame(loop); })();
document.addEventListener('keydown', (e) => {
  if (e.key === 'ArrowRight' || e.key === 'j') select(step + 1, true);
  else if (e.key === 'ArrowLeft' || e.key === 'k') select(step - 1, true);
  else if (e.key === ' ') { if (video.paused) video.play(); else video.pause(); }
  else if (e.key === '[' || e.key === ']') { const i = SPEEDS.indexOf(video.playbackRate); video.playbackRate = SPEEDS[Math.max(0, Math.min(SPEEDS.length - 1, (i < 0 ? 2 : i) + (e.key === ']' ? 1 : -1)))]; draw(); }
  else return;
  e.preventDefault();
});
const m = /step=(\\d+)/.exec(location.hash);
select(m ? Number(m[1]) - 1 : 0, true);
`;

/** The page; `base` (an absolute path ending in /) is where its relative files are served from, when not beside it. */
export function viewerPage(data: ViewerData, base?: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>${escapeHtml(data.title)}</title>
<meta name="viewport" content="width=device-width, initial-scale=1">${base ? `<base href="${escapeHtml(base)}">` : ''}
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; img-src 'self' file: data:; media-src 'self' file:; style-src 'unsafe-inline'; script-src 'unsafe-inline'">
<style>${STYLE}</style></head>
<body><header><strong>${escapeHtml(data.title)}</strong> <span class="muted">simlab evidence bundle: open with no server</span></header>
<main><ol id="steps" data-testid="steps"></ol>
<div><div class="frame"><video id="video" data-testid="video" controls muted playsinline preload="auto"></video><svg id="overlay" preserveAspectRatio="none"></svg></div><p id="status" class="muted"></p></div>
<section id="detail" data-testid="detail"></section></main>
<script type="application/json" id="evidence">${scriptJson(data)}</script>
<script>${SCRIPT}</script>
</body></html>
`;
}
