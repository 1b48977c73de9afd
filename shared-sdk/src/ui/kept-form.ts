// A form's values kept across a detour: a form that needs something set elsewhere first (the
// fund password) keeps what the customer typed before it sends them there, and takes it back
// when they return. Kept in sessionStorage under the form's key: it survives the page change
// and a reload in that tab, and goes with the tab.
import { useCallback, useEffect, useState, type Dispatch, type SetStateAction } from 'react';

const PREFIX = 'kabuto.form.';

function storage(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (privacy settings): the form simply starts afresh.
    return null;
  }
}

/** The values kept for `formKey`, or null (none, or not readable). */
export function readKeptForm<T extends object>(formKey: string): Partial<T> | null {
  const raw = storage()?.getItem(PREFIX + formKey);
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return typeof value === 'object' && value !== null && !Array.isArray(value) ? (value as Partial<T>) : null;
  } catch {
    return null;
  }
}

/** Keeps `values` for `formKey` until the form takes them back. */
export function keepForm(formKey: string, values: object): void {
  try {
    storage()?.setItem(PREFIX + formKey, JSON.stringify(values));
  } catch {
    // Full or refused: the form starts afresh on return, as it did before.
  }
}

/** Drops what is kept for `formKey`. */
export function forgetKeptForm(formKey: string): void {
  storage()?.removeItem(PREFIX + formKey);
}

/**
 * useState for a form's values that starts from what was kept for `formKey` (over `initial`,
 * so a field added since still has its default), and a `keep()` that keeps the current values
 * (call it before leaving for a detour). What was kept is used once: taken back, it is dropped.
 */
export function useKeptForm<T extends object>(formKey: string, initial: T | (() => T)): [T, Dispatch<SetStateAction<T>>, () => void] {
  const [values, setValues] = useState<T>(() => {
    const start = typeof initial === 'function' ? (initial as () => T)() : initial;
    const kept = readKeptForm<T>(formKey);
    return kept ? { ...start, ...kept } : start;
  });
  // After the first render, not in the initialiser: React may call that twice.
  useEffect(() => forgetKeptForm(formKey), [formKey]);
  const keep = useCallback(() => keepForm(formKey, values), [formKey, values]);
  return [values, setValues, keep];
}
