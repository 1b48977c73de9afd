// A value that follows `value` once it has stopped changing for `ms` (search boxes: one
// lookup per pause in typing, not per key).
import { useEffect, useState } from 'react';

export function useDebounced<T>(value: T, ms = 300): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}
