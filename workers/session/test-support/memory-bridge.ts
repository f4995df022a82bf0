import sharp from 'sharp';
import type { TouchTimeline } from '../../../core/gestures/timeline.js';
import type { AdmittedTimeline } from '../../../core/wire/admitted-timeline.js';
import type { AppState, Point, Rect, Screen, Stillness, UiNode } from '../../../core/model/index.js';
import { containsPoint } from '../../../core/model/index.js';
import type { Capabilities, DeviceBridge, DeviceInfo, Frame, ScreenshotOptions, ScreenshotResult } from '../../bridge.js';

/**
 * A test double for the session's unit tests: a tiny two-tab app held in memory that
 * implements DeviceBridge for real (taps land on what is under them, drags scroll a feed
 * with a touch slop, text goes into the focused field). It is not a device and is never
 * offered as one.
 */
export class MemoryBridge implements DeviceBridge {
  readonly info: DeviceInfo = {
    id: 'memory-1',
    platform: 'web',
    model: 'memory',
    name: 'in-memory test app',
    size: { w: 390, h: 844 },
    scale: 3,
    orientation: 'portrait',
  };
  readonly capabilities: Capabilities = {
    multiTouch: true,
    hitTest: true,
    type: true,
    paste: false,
    keys: ['Enter', 'Backspace', 'Tab', 'ArrowLeft', 'ArrowRight', 'ArrowUp', 'ArrowDown', 'Escape'],
    buttons: ['back'],
    screenshot: true,
    frames: false,
    record: false,
    platformVerbs: [],
    reasons: { frames: 'the in-memory app draws nothing', home: 'no home button in memory' },
  };

  tab: 'home' | 'settings' = 'home';
  scrollY = 0;
  /** Finger travel absorbed before the feed moves. */
  slop = 15;
  wifi = false;
  name = '';
  /** The field that loses the last character of what is typed into it (a faulty app). */
  lossy = '';
  focused: 'name' | 'lossy' | undefined;
  clock = 0;
  /** Ticks the clock at every describe: something changing elsewhere on the screen. */
  ticking = false;
  /** Everything the app received, in order. */
  readonly log: string[] = [];
  performed: TouchTimeline[] = [];
  releases = 0;
  /** Makes the next perform fail after the touch went down. */
  failNextPerform = false;
  /** Makes the wifi switch ignore taps (a contradiction for toggle to find). */
  stuckSwitch = false;
  closed = false;
  /** Moves the hidden toolbar sideways (the tree does not notice). */
  toolbarShift = 0;

  private node(role: string, label: string | undefined, frame: Rect, extra: Partial<UiNode> = {}): UiNode {
    return { role, ...(label === undefined ? {} : { label }), frame, states: {}, actions: [], source: 'ax', children: [], ...extra };
  }

  /** What is on the screen now, hidden toolbar included (the tree leaves that out). */
  private controls(): Array<{ node: UiNode; hidden?: boolean; onTap: () => void }> {
    const out: Array<{ node: UiNode; hidden?: boolean; onTap: () => void }> = [];
    const button = (label: string, frame: Rect, onTap: () => void, hidden = false) =>
      out.push({ node: this.node('Button', label, frame, { actions: ['tap'], source: hidden ? 'hit' : 'ax' }), hidden, onTap });
    button('Home', { x: 0, y: 794, w: 195, h: 50 }, () => (this.tab = 'home'));
    button('Settings', { x: 195, y: 794, w: 195, h: 50 }, () => (this.tab = 'settings'));
    if (this.tab === 'home') {
      button('Share', { x: 16 + this.toolbarShift, y: 64, w: 80, h: 40 }, () => this.log.push('hidden:Share'), true);
      button('Save', { x: 110 + this.toolbarShift, y: 64, w: 80, h: 40 }, () => this.log.push('hidden:Save'), true);
      for (let i = 0; i < 40; i++) {
        const y = 120 + i * 60 - this.scrollY;
        if (y + 60 <= 120 || y >= 794) continue;
        button(`Post ${i + 1}`, { x: 0, y, w: 390, h: 60 }, () => this.log.push(`open:Post ${i + 1}`));
      }
    } else {
      out.push({
        node: this.node('Switch', 'Wi-Fi', { x: 16, y: 120, w: 358, h: 44 }, { states: { checked: this.wifi }, actions: ['tap'] }),
        onTap: () => {
          if (!this.stuckSwitch) this.wifi = !this.wifi;
        },
      });
      out.push({
        node: this.node('TextField', 'Name', { x: 16, y: 180, w: 358, h: 44 }, { value: this.name, states: { editable: true, focused: this.focused === 'name' }, actions: ['tap', 'setValue'] }),
        onTap: () => (this.focused = 'name'),
      });
      out.push({
        node: this.node('TextField', 'Lossy', { x: 16, y: 240, w: 358, h: 44 }, { value: this.lossy, states: { editable: true, focused: this.focused === 'lossy' }, actions: ['tap', 'setValue'] }),
        onTap: () => (this.focused = 'lossy'),
      });
    }
    return out;
  }

  async describe(): Promise<Screen> {
    if (this.ticking) this.clock++;
    const { w, h } = this.info.size;
    const title = this.node('Heading', this.tab === 'home' ? 'Home' : 'Settings', { x: 16, y: 16, w: 200, h: 32 });
    const clock = this.node('Text', `12:${String(this.clock % 60).padStart(2, '0')}`, { x: 300, y: 16, w: 74, h: 32 });
    const feed = this.node('ScrollView', undefined, { x: 0, y: 120, w, h: 674 }, { states: { scrollable: true }, actions: ['scroll'], id: 'feed' });
    const visible = this.controls().filter((c) => !c.hidden);
    const inFeed = visible.filter((c) => c.node.label?.startsWith('Post '));
    feed.children = inFeed.map((c) => ({ ...c.node, visibleFrame: clip(c.node.frame, feed.frame) }));
    const rest = visible.filter((c) => !inFeed.includes(c)).map((c) => c.node);
    const root = this.node('Application', 'Memory', { x: 0, y: 0, w, h }, { children: [title, clock, ...(this.tab === 'home' ? [feed] : []), ...rest] });
    return { platform: 'web', app: 'memory', size: { w, h }, scale: 3, orientation: 'portrait', windows: [{ id: 'main', kind: 'app', layer: 0 }], root };
  }

  async hitTest(p: Point): Promise<UiNode | null> {
    const found = this.controls().find((c) => containsPoint(c.node.frame, p));
    if (found) return found.node;
    // The page's own background answers everywhere else.
    return this.node('Group', undefined, { x: 0, y: 0, ...this.info.size });
  }

  async perform(timeline: AdmittedTimeline): Promise<void> {
    this.performed.push(timeline);
    if (this.failNextPerform) {
      this.failNextPerform = false;
      this.log.push('touch-down');
      throw new Error('connection lost mid-gesture');
    }
    const lifted = new Set<number>();
    for (const finger of timeline.fingers) {
      const first = finger.points[0];
      const last = finger.points[finger.points.length - 1];
      if (!first || !last) continue;
      const travel = Math.hypot(last.x - first.x, last.y - first.y);
      if (timeline.fingers.length > 1 && new Set(timeline.fingers.map((f) => f.id)).size > 1) {
        if (!lifted.has(finger.id)) this.log.push(`finger:${finger.id}`);
        lifted.add(finger.id);
        continue;
      }
      if (travel < 10) {
        const hit = this.controls().find((c) => containsPoint(c.node.frame, first));
        this.log.push(`tap:${hit?.node.label ?? 'nothing'}`);
        hit?.onTap();
      } else if (this.tab === 'home') {
        const dy = first.y - last.y;
        const moved = Math.sign(dy) * Math.max(0, Math.abs(dy) - this.slop);
        this.scrollY = Math.max(0, Math.min(40 * 60 - 674, this.scrollY + moved));
        this.log.push(`drag:${Math.round(dy)}`);
      }
    }
  }

  async type(text: string): Promise<void> {
    this.log.push(`type:${text}`);
    if (this.focused === 'name') this.name += text;
    if (this.focused === 'lossy') this.lossy += text.slice(0, -1);
  }

  async key(key: string): Promise<void> {
    this.log.push(`key:${key}`);
    if (key === 'Backspace' && this.focused) this[this.focused] = this[this.focused].slice(0, -1);
  }

  async button(button: 'back' | 'home'): Promise<void> {
    this.log.push(`button:${button}`);
    this.tab = 'home';
  }

  async screenshot(options: ScreenshotOptions = {}): Promise<ScreenshotResult> {
    const scale = options.scale ?? 1;
    const crop = options.crop ?? { x: 0, y: 0, ...this.info.size };
    const width = Math.round(crop.w * scale);
    const height = Math.round(crop.h * scale);
    const format = options.format ?? 'jpeg';
    const image = sharp({ create: { width, height, channels: 3, background: { r: 240, g: 240, b: 240 } } });
    const data = await (format === 'png' ? image.png() : image.jpeg(options.quality ? { quality: options.quality } : {})).toBuffer();
    return { data, format, width, height, origin: { x: crop.x, y: crop.y }, scale };
  }

  frames(_onFrame: (frame: Frame) => void): () => void {
    return () => undefined;
  }

  async appState(): Promise<AppState> {
    return { app: 'memory', url: `memory://${this.tab}`, scroll: [{ target: 'feed', x: 0, y: this.scrollY }] };
  }

  async waitForStill(): Promise<Stillness> {
    return { still: true, ms: 300 };
  }

  async releaseAll(): Promise<void> {
    this.releases++;
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}

function clip(frame: Rect, to: Rect): Rect {
  const x = Math.max(frame.x, to.x);
  const y = Math.max(frame.y, to.y);
  return { x, y, w: Math.min(frame.x + frame.w, to.x + to.w) - x, h: Math.min(frame.y + frame.h, to.y + to.h) - y };
}
