import type { Orientation, Size } from '../../../core/model/index.js';

/** A phone or tablet that the web device imitates: viewport in points, scale, user agent, touch. */
export interface DeviceProfile {
  name: string;
  model: string;
  /** Portrait size in points (CSS pixels). */
  size: Size;
  scale: number;
  userAgent: string;
  isMobile: boolean;
  maxTouchPoints: number;
}

const IOS_UA =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';
const ANDROID_UA =
  'Mozilla/5.0 (Linux; Android 15; Pixel 9 Pro XL) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36';
const IPAD_UA =
  'Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1';

export const PROFILES = {
  'iphone-6.1': {
    name: 'iphone-6.1',
    model: '6.1" iPhone-like phone',
    size: { w: 390, h: 844 },
    scale: 3,
    userAgent: IOS_UA,
    isMobile: true,
    maxTouchPoints: 5,
  },
  'android-6.7': {
    name: 'android-6.7',
    model: '6.7" Android-like phone',
    size: { w: 412, h: 915 },
    scale: 2.625,
    userAgent: ANDROID_UA,
    isMobile: true,
    maxTouchPoints: 5,
  },
  'small-phone': {
    name: 'small-phone',
    model: '4.7" small phone',
    size: { w: 375, h: 667 },
    scale: 2,
    userAgent: IOS_UA,
    isMobile: true,
    maxTouchPoints: 5,
  },
  tablet: {
    name: 'tablet',
    model: '11" tablet',
    size: { w: 820, h: 1180 },
    scale: 2,
    userAgent: IPAD_UA,
    isMobile: true,
    maxTouchPoints: 5,
  },
} as const satisfies Record<string, DeviceProfile>;

export type ProfileName = keyof typeof PROFILES;
export const PROFILE_NAMES = Object.keys(PROFILES) as ProfileName[];
export const DEFAULT_PROFILE: ProfileName = 'iphone-6.1';

export function isProfileName(name: string): name is ProfileName {
  return Object.hasOwn(PROFILES, name);
}

/** The viewport in points for an orientation: landscape swaps width and height. */
export function viewportOf(profile: DeviceProfile, orientation: Orientation): Size {
  const { w, h } = profile.size;
  return orientation === 'landscape' ? { w: Math.max(w, h), h: Math.min(w, h) } : { w: Math.min(w, h), h: Math.max(w, h) };
}
