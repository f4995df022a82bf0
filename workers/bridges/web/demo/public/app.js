// Pocket Feed: a small mobile web app for the simlab web device. Plain browser JavaScript,
// no build step, no external assets. Its gesture state is exposed on window.__demo for tests.
'use strict';
/* global window, document, location, history, URLSearchParams, Element, setTimeout, setInterval */

const AUTHORS = [
  'Alice Martin', 'Bruno Silva', 'Chen Wei', 'Dana Cohen', 'Emeka Obi', 'Fatima Zahra', 'Greta Lind',
  'Hiro Tanaka', 'Ines Duarte', 'Jonas Berg', 'Kavya Rao', 'Liam Walsh',
];
const TEXTS = [
  'Morning light over the harbour. Worth the early alarm.',
  'Tried the new ramen place downtown: the broth is unreal.',
  'Finished my first 10k run today!',
  'The library garden is in full bloom this week.',
  'Rainy Sunday, perfect for a long book and tea.',
  'Our team shipped the new release. Thanks everyone!',
  'Found this old film camera at a flea market.',
  'Sunset from the ridge trail, just before the storm.',
  'Homemade sourdough, attempt number seven.',
  'The city looks different from the night bus.',
];
const ALERTS = [
  'Alice Martin liked your photo', 'Bruno Silva started following you', 'Chen Wei commented: "Beautiful!"',
  'Your post reached 100 likes', 'Dana Cohen mentioned you', 'New login from a browser',
  'Emeka Obi shared your post', 'Weekly summary is ready', 'Fatima Zahra liked your comment',
  'Greta Lind started following you', 'Hiro Tanaka replied to you', 'Storage almost full',
];

const params = new URLSearchParams(location.search);
const LIVE_INTERVAL_MS = Number(params.get('liveMs')) || 4000;
const PHOTOS_PER_POST = 4;

function photoUrl(seed, w, h) {
  const hue = (seed * 47) % 360;
  const hue2 = (hue + 40) % 360;
  const sunX = 20 + ((seed * 37) % 60);
  const svg =
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}">` +
    `<defs><linearGradient id="g" x1="0" y1="0" x2="0" y2="1">` +
    `<stop offset="0" stop-color="hsl(${hue},70%,72%)"/><stop offset="1" stop-color="hsl(${hue2},60%,45%)"/></linearGradient></defs>` +
    `<rect width="${w}" height="${h}" fill="url(#g)"/>` +
    `<circle cx="${(sunX / 100) * w}" cy="${h * 0.3}" r="${h * 0.12}" fill="hsl(${(hue + 180) % 360},90%,85%)"/>` +
    `<polygon points="0,${h} ${w * 0.3},${h * 0.45} ${w * 0.55},${h} " fill="hsl(${hue2},40%,25%)"/>` +
    `<polygon points="${w * 0.35},${h} ${w * 0.7},${h * 0.35} ${w},${h * 0.8} ${w},${h}" fill="hsl(${hue},35%,18%)"/>` +
    `<rect x="${w * 0.06}" y="${h * 0.08}" width="${w * 0.1}" height="${w * 0.1}" fill="none" stroke="#fff" stroke-width="3"/>` +
    `</svg>`;
  return 'data:image/svg+xml;utf8,' + encodeURIComponent(svg);
}

function makePost(id, minutesAgo) {
  return {
    id,
    author: AUTHORS[id % AUTHORS.length],
    minutesAgo,
    text: TEXTS[id % TEXTS.length],
  };
}

function timeText(minutes) {
  if (minutes < 1) return 'just now';
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? `${hours} h ago` : `${Math.floor(hours / 24)} d ago`;
}

const posts = [];
for (let i = 1; i <= 50; i++) posts.push(makePost(i, i * 17));
let nextPostId = 51;

const $ = (id) => document.getElementById(id);
const feed = $('feed');

const state = {
  route: 'home',
  postId: null,
  zoom: 1,
  rotation: 0,
  photoIndex: 0,
  live: params.get('live') !== 'off',
  postsInserted: 0,
  toolbar: null,
  lastGesture: null,
  gestures: [],
  taps: [],
  touching: 0,
};

// ---------- feed ----------

function postElement(post, isNew) {
  const li = document.createElement('li');
  li.className = isNew ? 'post new' : 'post';
  li.id = `post-${post.id}`;
  const hue = (post.id * 47) % 360;
  const initials = post.author.split(' ').map((w) => w[0]).join('');
  // The link carries a short name (the author); its ::after stretches over the card so the
  // whole card opens the post, while the photo and the text stay separate for screen readers.
  li.innerHTML =
    `<div class="meta"><span class="avatar" aria-hidden="true" style="background:hsl(${hue},55%,45%)">${initials}</span>` +
    `<div><a class="author card-link" href="#/post/${post.id}">${post.author}</a><time class="time">${timeText(post.minutesAgo)}</time></div></div>` +
    `<img src="${photoUrl(post.id, 390, 180)}" alt="Photo by ${post.author}" width="390" height="180">` +
    `<p>${post.text}</p>`;
  if (isNew) li.addEventListener('animationend', () => li.classList.remove('new'), { once: true });
  return li;
}

function renderFeed() {
  feed.replaceChildren(...posts.map((p) => postElement(p, false)));
}

function insertLivePost() {
  if (!state.live) return;
  const post = makePost(nextPostId++, 0);
  posts.unshift(post);
  feed.prepend(postElement(post, true));
  state.postsInserted++;
}

function setLive(on) {
  state.live = on;
  $('live-switch').setAttribute('aria-checked', String(on));
  $('live-text').textContent = on ? 'Live updates on' : 'Live updates paused';
  $('spinner').classList.toggle('paused', !on);
}

// ---------- hidden toolbar (aria-hidden: only hit-testing can find these) ----------

for (const tool of document.querySelectorAll('.tool')) {
  tool.addEventListener('click', () => {
    state.toolbar = tool.dataset.action;
    $('toolbar-status').textContent = `Toolbar: ${tool.dataset.action}`;
    tool.classList.add('flash');
    setTimeout(() => tool.classList.remove('flash'), 300);
  });
}

// ---------- search, alerts, settings ----------

function renderSearch() {
  const q = $('search-field').value.trim().toLowerCase();
  const hits = posts.filter((p) => !q || p.author.toLowerCase().includes(q) || p.text.toLowerCase().includes(q)).slice(0, 20);
  $('search-results').replaceChildren(
    ...hits.map((p) => {
      const li = document.createElement('li');
      li.className = 'alert';
      li.innerHTML = `<a href="#/post/${p.id}">${p.author}</a><span>${p.text}</span>`;
      return li;
    }),
  );
}

function renderAlerts() {
  $('alerts').replaceChildren(
    ...ALERTS.map((text, i) => {
      const li = document.createElement('li');
      li.className = 'alert';
      li.innerHTML = `<span>${text}</span><time class="time">${timeText((i + 1) * 23)}</time>`;
      return li;
    }),
  );
}

for (const sw of document.querySelectorAll('#screen-settings .switch')) {
  sw.addEventListener('click', () => {
    const on = sw.getAttribute('aria-checked') !== 'true';
    sw.setAttribute('aria-checked', String(on));
    if (sw.id === 'toggle-dark') document.body.classList.toggle('dark', on);
  });
}
$('save-settings').addEventListener('click', () => {
  const name = $('display-name').value.trim();
  $('settings-status').textContent = name ? `Saved as ${name}` : 'Saved';
});
$('live-switch').addEventListener('click', () => setLive(!state.live));
$('search-field').addEventListener('input', renderSearch);

// ---------- photo viewer ----------

const strip = $('photo-strip');
let stripDrag = 0;

function renderViewer() {
  const id = state.postId;
  strip.replaceChildren(
    ...Array.from({ length: PHOTOS_PER_POST }, (_, i) => {
      const div = document.createElement('div');
      div.className = 'photo';
      const img = document.createElement('img');
      img.src = photoUrl(id * 10 + i, 390, 300);
      img.alt = `Photo ${i + 1} of post ${id}`;
      img.draggable = false;
      div.appendChild(img);
      return div;
    }),
  );
  const post = posts.find((p) => p.id === id) ?? makePost(id, 0);
  $('post-detail').innerHTML = `<h2>${post.author}</h2><p>${post.text}</p><p class="time">${timeText(post.minutesAgo)}</p>`;
  applyViewer();
}

function applyViewer() {
  strip.style.transform = `translateX(calc(${-state.photoIndex * 100}% + ${stripDrag}px))`;
  strip.querySelectorAll('img').forEach((img, i) => {
    img.style.transform = i === state.photoIndex ? `scale(${state.zoom}) rotate(${state.rotation}deg)` : '';
  });
  $('photo-counter').textContent = `Photo ${state.photoIndex + 1} of ${PHOTOS_PER_POST}`;
  $('viewer').setAttribute('aria-label', `Photo ${state.photoIndex + 1} of ${PHOTOS_PER_POST}, zoom ${state.zoom.toFixed(1)}x, rotated ${Math.round(state.rotation)}°`);
}

function showPhoto(index) {
  state.photoIndex = Math.max(0, Math.min(PHOTOS_PER_POST - 1, index));
  state.zoom = 1;
  state.rotation = 0;
  applyViewer();
}

$('prev-photo').addEventListener('click', () => showPhoto(state.photoIndex - 1));
$('next-photo').addEventListener('click', () => showPhoto(state.photoIndex + 1));
$('reset-view').addEventListener('click', () => {
  state.zoom = 1;
  state.rotation = 0;
  applyViewer();
});

const dist = (a, b) => Math.hypot(b.clientX - a.clientX, b.clientY - a.clientY);
const angle = (a, b) => (Math.atan2(b.clientY - a.clientY, b.clientX - a.clientX) * 180) / Math.PI;
let viewerGesture = null;

const viewer = $('viewer');
viewer.addEventListener(
  'touchstart',
  (e) => {
    e.preventDefault();
    const t = e.touches;
    if (!viewerGesture) {
      viewerGesture = { x0: t[0].clientX, y0: t[0].clientY, dx: 0, two: null, scaleMin: 1, scaleMax: 1, turned: 0, swiped: 0 };
    }
    if (t.length >= 2) {
      const a0 = angle(t[0], t[1]);
      viewerGesture.two = { d0: dist(t[0], t[1]), lastA: a0, turned: 0, zoom0: state.zoom, rot0: state.rotation };
    }
  },
  { passive: false },
);
viewer.addEventListener(
  'touchmove',
  (e) => {
    e.preventDefault();
    const g = viewerGesture;
    if (!g) return;
    const t = e.touches;
    if (t.length >= 2 && g.two) {
      const ratio = dist(t[0], t[1]) / g.two.d0;
      const a = angle(t[0], t[1]);
      let delta = a - g.two.lastA;
      if (delta > 180) delta -= 360;
      if (delta <= -180) delta += 360;
      g.two.turned += delta;
      g.two.lastA = a;
      g.scaleMin = Math.min(g.scaleMin, ratio);
      g.scaleMax = Math.max(g.scaleMax, ratio);
      g.turned = g.two.turned;
      state.zoom = Math.max(0.25, Math.min(10, g.two.zoom0 * ratio));
      state.rotation = g.two.rot0 + g.two.turned;
      applyViewer();
    } else if (t.length === 1 && !g.two && Math.abs(state.zoom - 1) < 0.05) {
      g.dx = t[0].clientX - g.x0;
      stripDrag = g.dx;
      applyViewer();
    }
  },
  { passive: false },
);
function endViewerGesture(e) {
  const g = viewerGesture;
  if (!g || e.touches.length > 0) return;
  viewerGesture = null;
  stripDrag = 0;
  if (!g.two && e.type === 'touchend' && Math.abs(g.dx) > 50) {
    g.swiped = g.dx < 0 ? 1 : -1;
    showPhoto(state.photoIndex + g.swiped);
  } else {
    applyViewer();
  }
  state.viewerGesture = { scaleMin: g.scaleMin, scaleMax: g.scaleMax, turned: g.turned, swiped: g.swiped, dx: g.dx };
}
viewer.addEventListener('touchend', endViewerGesture);
viewer.addEventListener('touchcancel', endViewerGesture);

// ---------- gesture log (every touch sequence anywhere on the page) ----------

let seq = null;
function targetName(el) {
  const node = el instanceof Element ? el : el.parentElement;
  if (!node) return '';
  const labelled = node.closest('[aria-label],[id]');
  return labelled ? labelled.getAttribute('aria-label') || `#${labelled.id}` : node.tagName.toLowerCase();
}
document.addEventListener(
  'touchstart',
  (e) => {
    const now = e.timeStamp;
    state.touching = e.touches.length;
    if (!seq) {
      seq = { start: now, fingers: 0, moved: 0, points: new Map(), target: targetName(e.target), events: 0, viewer: viewer.contains(e.target) };
    }
    seq.events++;
    for (const t of e.changedTouches) seq.points.set(t.identifier, { x0: t.clientX, y0: t.clientY });
    seq.fingers = Math.max(seq.fingers, e.touches.length);
  },
  { capture: true, passive: true },
);
document.addEventListener(
  'touchmove',
  (e) => {
    if (!seq) return;
    seq.events++;
    for (const t of e.touches) {
      const p = seq.points.get(t.identifier);
      if (p) seq.moved = Math.max(seq.moved, Math.hypot(t.clientX - p.x0, t.clientY - p.y0));
    }
  },
  { capture: true, passive: true },
);
function endSequence(e) {
  state.touching = e.touches.length;
  if (!seq) return;
  seq.events++;
  if (e.touches.length > 0) return;
  const ms = e.timeStamp - seq.start;
  let kind;
  if (e.type === 'touchcancel') kind = 'cancel';
  else if (seq.fingers >= 2) {
    const vg = state.viewerGesture;
    if (seq.moved < 10) kind = ms >= 500 ? 'twoFingerLongPress' : 'twoFingerTap';
    else if (seq.viewer && vg && Math.abs(vg.turned) > 15) kind = 'rotate';
    else kind = 'pinch';
  } else if (seq.moved < 10) kind = ms >= 500 ? 'longPress' : 'tap';
  else kind = 'swipe';
  const gesture = { kind, fingers: seq.fingers, ms: Math.round(ms), moved: Math.round(seq.moved), events: seq.events, target: seq.target };
  if (seq.viewer && state.viewerGesture) Object.assign(gesture, state.viewerGesture);
  state.lastGesture = gesture;
  state.gestures.push(gesture);
  if (state.gestures.length > 50) state.gestures.shift();
  seq = null;
}
// The viewer's own handlers run in the bubble phase before the document's bubble listeners.
document.addEventListener('touchend', endSequence, { passive: true });
document.addEventListener('touchcancel', endSequence, { passive: true });

document.addEventListener(
  'click',
  (e) => {
    state.taps.push({ x: Math.round(e.clientX), y: Math.round(e.clientY), target: targetName(e.target), t: Math.round(e.timeStamp) });
    if (state.taps.length > 100) state.taps.shift();
  },
  { capture: true },
);

// ---------- routing ----------

const TITLES = { home: 'Home', search: 'Search', alerts: 'Alerts', settings: 'Settings', post: 'Post' };

function route() {
  const m = /^#\/(home|search|alerts|settings|post)(?:\/(\d+))?$/.exec(location.hash);
  const name = m ? m[1] : 'home';
  const previous = state.route;
  state.route = name;
  if (name === 'post') {
    const id = Number(m && m[2]) || 1;
    if (state.postId !== id) {
      state.postId = id;
      state.photoIndex = 0;
      state.zoom = 1;
      state.rotation = 0;
    }
    renderViewer();
  }
  for (const section of document.querySelectorAll('.screen')) {
    const show = section.id === `screen-${name}`;
    section.hidden = !show;
    if (show && previous !== name) {
      section.classList.add('entering');
      section.addEventListener('animationend', () => section.classList.remove('entering'), { once: true });
    }
  }
  for (const tab of document.querySelectorAll('#tabbar [role="tab"]')) {
    tab.setAttribute('aria-selected', String(tab.dataset.route === name));
  }
  $('screen-title').textContent = TITLES[name];
  $('back').hidden = name !== 'post';
  document.title = `${TITLES[name]} · Pocket Feed`;
}

for (const tab of document.querySelectorAll('#tabbar [role="tab"]')) {
  tab.addEventListener('click', () => {
    location.hash = `#/${tab.dataset.route}`;
  });
}
// The app's own stack of visited routes, so its Back button never leaves the app.
const visited = [location.hash || '#/home'];
window.addEventListener('hashchange', () => {
  if (visited.length > 1 && visited[visited.length - 2] === location.hash) visited.pop();
  else visited.push(location.hash);
  route();
});
$('back').addEventListener('click', () => {
  if (visited.length > 1) history.back();
  else {
    visited.length = 0;
    location.replace('#/home');
  }
});

// ---------- start ----------

window.__demo = {
  get zoom() { return state.zoom; },
  get rotation() { return state.rotation; },
  get photoIndex() { return state.photoIndex; },
  get feedScroll() { return feed.scrollTop; },
  get route() { return state.route; },
  get postId() { return state.postId; },
  get live() { return state.live; },
  get postsInserted() { return state.postsInserted; },
  get postCount() { return posts.length; },
  get toolbar() { return state.toolbar; },
  get lastGesture() { return state.lastGesture; },
  get gestures() { return state.gestures.slice(); },
  get taps() { return state.taps.slice(); },
  get touching() { return state.touching; },
  setLive,
  resetView() { state.zoom = 1; state.rotation = 0; applyViewer(); },
};

renderFeed();
renderAlerts();
renderSearch();
setLive(state.live);
if (!location.hash) history.replaceState(null, '', '#/home');
route();
setInterval(insertLivePost, LIVE_INTERVAL_MS);
