// Moving one code up or down in the watchlist order; the whole new order is sent to the server.

/** moveCode(['a','b','c'], 'c', -1) → ['a','c','b']; out of range or unknown: unchanged (null). */
export function moveCode(codes: readonly string[], code: string, step: -1 | 1): string[] | null {
  const from = codes.indexOf(code);
  const to = from + step;
  if (from < 0 || to < 0 || to >= codes.length) return null;
  const next = [...codes];
  const neighbour = next[to] as string;
  next[from] = neighbour;
  next[to] = code;
  return next;
}
