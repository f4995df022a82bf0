'use client';
import { useEffect, useState } from 'react';

/** A choice of the person's (zoom, stream quality) kept in this browser across pages and visits. */
export function useStoredChoice<T extends string>(key: string, initial: T, allowed: readonly T[]): [T, (next: T) => void] {
  const [value, setValue] = useState<T>(initial);
  useEffect(() => {
    const stored = window.localStorage.getItem(key);
    if (stored && (allowed as readonly string[]).includes(stored)) setValue(stored as T);
  }, [key]);
  const set = (next: T) => {
    setValue(next);
    window.localStorage.setItem(key, next);
  };
  return [value, set];
}
