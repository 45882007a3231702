// Limits with no schema attached, in a module of their own so the web shell can read them without
// pulling the schema library into its first download.

/** Largest page size any list accepts (spec §9: dropdowns load 1000 at once). */
export const MAX_PAGE_SIZE = 1000;

/** Request timeout on both sides (spec §9). */
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
 * The invisible proof of work (ALTCHA, issue 17) on login, registration and the reset-code request.
 * The server hands out a signed challenge (GET /api/system/altcha); the browser finds the counter
 * whose PBKDF2 key starts with the challenge's prefix and sends the result as `altcha`. Each try
 * costs `cost` PBKDF2 rounds and the counter lies between `counterMin` and `counterMax`: about
 * 1.25 million SHA-256 rounds on average, half a second of one core, spent while the member types
 * but paid again by a script for every attempt. A challenge lives `ttlMs` and is accepted once.
 */
export const PROOF_OF_WORK = {
  algorithm: 'PBKDF2/SHA-256',
  cost: 5_000,
  counterMin: 100,
  counterMax: 400,
  ttlMs: 10 * 60_000,
  payloadMax: 2_000,
} as const;
