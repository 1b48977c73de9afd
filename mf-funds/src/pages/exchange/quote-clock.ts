// How long a quote stays valid, measured on this device's clock from when the quote
// arrived: the server's createdAt → expiresAt span, minus the time since it arrived, so
// a skewed device clock cannot stretch or shorten the offer.
export function quoteSecondsLeft(quote: { createdAt: string; expiresAt: string }, receivedAtMs: number, nowMs: number): number {
  const validMs = Date.parse(quote.expiresAt) - Date.parse(quote.createdAt);
  const leftMs = validMs - (nowMs - receivedAtMs);
  return Math.max(0, Math.ceil(leftMs / 1000));
}
