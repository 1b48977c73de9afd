// Reading PostgreSQL's errors (through drizzle and the driver, which wrap them in `cause`).

/** PostgreSQL's unique_violation (23505), anywhere in the cause chain: a concurrent insert won the race. */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error; typeof e === 'object' && e !== null; e = (e as { cause?: unknown }).cause) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
