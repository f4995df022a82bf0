import { z } from 'zod';

/** Query-string forms of booleans and numbers (every query value arrives as text). */
export const qbool = z.enum(['true', 'false', '1', '0']).transform((v) => v === 'true' || v === '1');

export function qint(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d+$/, 'an integer')
    .transform(Number)
    .pipe(z.number().int().min(min).max(max));
}

export function qnum(min: number, max: number) {
  return z
    .string()
    .regex(/^-?\d+(\.\d+)?$/, 'a number')
    .transform(Number)
    .pipe(z.number().min(min).max(max));
}

/** `x,y,w,h` in device points. */
export const qrect = z
  .string()
  .regex(/^-?\d+(\.\d+)?(,-?\d+(\.\d+)?){3}$/, 'x,y,w,h')
  .transform((s) => {
    const [x, y, w, h] = s.split(',').map(Number) as [number, number, number, number];
    return { x, y, w, h };
  });
