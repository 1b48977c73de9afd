// Published security constants (docs/api/identity.md §1). Changing one changes what we
// tell customers, so the lock message in the catalogue (MSG.accountLocked) must follow.

/** A session unused this long expires (idle time-out). */
export const SESSION_IDLE_MINUTES = 30;
/** A session ends this long after login however active it is (absolute time-out). */
export const SESSION_ABSOLUTE_HOURS = 12;
/** last_seen_at is written at most this often, so every call does not write a row. */
export const SESSION_TOUCH_SECONDS = 60;
/** A checked session is remembered this long in memory (session-cache.ts); revocation forgets it at once. */
export const SESSION_CACHE_MS = 5_000;

/**
 * Wrong passwords in a row before password sign-in is paused (JSDA 2025: automatic lock is
 * mandatory). From then on each further wrong password pauses it again for twice as long
 * (FIRST_DELAY_SECONDS, 60, 120, … up to LOCKOUT_MINUTES): a progressive delay per account
 * (OWASP ASVS 5 §6.3, NIST SP 800-63B §3.2.2) instead of a hard lock anyone who knows the
 * number could keep up. A pause never stops the owner's passkey sign-in.
 */
export const MAX_FAILED_LOGINS = 5;
export const FIRST_DELAY_SECONDS = 30;
/** The longest pause: online guessing stays under ~100 tries a day per account. */
export const LOCKOUT_MINUTES = 15;

/** Lifetime of a step-up grant: a fresh passkey assertion is good for this long. */
export const STEP_UP_MINUTES = 5;
/**
 * Lifetime of a fund-password grant (identity/fund-password.ts): long enough for one sitting
 * at an order ticket (a burst of orders, a price corrected and sent again), short enough that
 * a phone left unlocked does not keep trading rights, as the step-up's five minutes. Two
 * minutes: the ticket asks again after that, which costs one password entry.
 */
export const FUND_PASSWORD_GRANT_SECONDS = 120;
/** Lifetime of a WebAuthn challenge and of a passkey login ticket. */
export const CHALLENGE_MINUTES = 5;
export const LOGIN_TICKET_MINUTES = CHALLENGE_MINUTES;

/** One-time codes: six digits, ten minutes, five tries. */
export const CODE_TTL_MINUTES = 10;
export const CODE_MAX_ATTEMPTS = 5;
/** A new code for the same account and purpose is not sent sooner than this. */
export const CODE_RESEND_SECONDS = 60;

export const MINUTE_MS = 60_000;
