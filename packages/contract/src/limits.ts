// Limits with no schema attached, in a module of their own so the web shell can read them without
// pulling the schema library into its first download.

/** Largest page size any list accepts (dropdowns load 1000 at once). */
export const MAX_PAGE_SIZE = 1000;

/** Request timeout on both sides. */
export const REQUEST_TIMEOUT_MS = 60_000;

/**
 * Password length: at most 128, never truncated; at least 8. The product description asks for "at
 * least 6", which we read as a floor, not a promise that 6 is enough: 8 meets it and is what people
 * now expect from any sign-in (NIST SP 800-63B's minimum), so six-character passwords are refused.
 */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

/** Longest e-mail address (RFC 5321 path limit) and captcha answer. */
export const EMAIL_MAX = 254;
export const CAPTCHA_MAX = 10;

/** Captcha answers expire after 5 minutes and are single-use. */
export const CAPTCHA_TTL_MS = 5 * 60_000;

/**
 * The invisible proof of work (ALTCHA) on login, registration and the reset-code request.
 * The server hands out a signed challenge (GET /api/system/altcha); the browser finds the counter
 * whose PBKDF2 key starts with the challenge's prefix and sends the result as `altcha`. Each try
 * costs `cost` PBKDF2 rounds and the counter lies between `counterMin` and `counterMax`: about
 * 1.25 million SHA-256 rounds on average, half a second of one core, spent while the member types
 * but paid again by a script for every attempt. A challenge lives `ttlMs` and is accepted once.
 *
 * The work rises with recent failures (proofOfWorkLevel): each failed login of the username, or of
 * the client address, within the login throttle's window doubles the counter range, so the expected
 * work, up to `maxLevel` doublings. Level 0: 1.25 M rounds (about 0.5 s of one desktop core); 1:
 * 2.5 M; 2: 5 M; 3, the cap: 10 M, about 4 s of one desktop core, spread by the widget over the
 * device's cores (a 4-core phone: a few seconds). The level is signed into the challenge and a login
 * refuses a solution below the level its username and address have reached since.
 */
export const PROOF_OF_WORK = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 5_000,
  counterMin: 100,
  counterMax: 400,
  maxLevel: 3,
  ttlMs: 10 * 60_000,
  payloadMax: 2_000,
} as const;

/**
 * The booking's PDF documents. `maxRows` (cargo lines, containers) and `maxPages` bound what one
 * document may cost: a booking holds at most 200 lines and its longest note runs to about 80
 * pages, so neither is reached by a real booking, while a document forged or imported past them is
 * refused (422) before it ties up a renderer for long. Documents are made off the request thread,
 * at most `perCompany` of one company at a time; a company may have `waitingPerCompany` more
 * waiting (then 429) and the server `waiting` in all (then 503).
 */
export const PDF_LIMITS = {
  maxRows: 500,
  maxPages: 200,
  perCompany: 2,
  waitingPerCompany: 8,
  waiting: 32,
} as const;
