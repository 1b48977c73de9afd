// Reading PostgreSQL's errors (through drizzle and the driver, which wrap them in `cause`).

/** PostgreSQL's unique_violation (23505), anywhere in the cause chain: a concurrent insert won the race. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}

/** Connection exceptions (08…) and an operator or shutdown ending the server's sessions (57P01–57P03). */
const CONNECTION_LOST_CODES = /^(08|57P0[123])/;
/** The driver's own words when the socket under a query or a checked-out client went away. */
const CONNECTION_LOST_MESSAGES = /Connection terminated|connection error and is not queryable|ECONNRESET|ECONNREFUSED|EPIPE/;

/**
 * The database went away under the call (PostgreSQL restarting, a dropped connection), anywhere in
 * the cause chain: nothing of the transaction was written, and the same call may succeed once it is back.
 */
export function isConnectionLost(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    const { code, message } = e as { code?: unknown; message?: unknown };
    if (typeof code === 'string' && (CONNECTION_LOST_CODES.test(code) || CONNECTION_LOST_MESSAGES.test(code))) return true;
    if (typeof message === 'string' && CONNECTION_LOST_MESSAGES.test(message)) return true;
  }
  return false;
}
