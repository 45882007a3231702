import { z } from 'zod';
import { CAPTCHA_MAX, EMAIL_MAX, PROOF_OF_WORK } from './limits.js';

/* The proof of work's payload and challenge (PROOF_OF_WORK, limits.ts) and the image captcha's fields. */

/** The solved challenge as the widget sends it (base64 of its JSON). */
export const proofOfWorkPayload = z
  .string()
  .trim()
  .min(1)
  .max(PROOF_OF_WORK.payloadMax)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'account.proofWrong' });

/**
 * The proof of work's level for a number of recent failed logins (of the username or the client
 * address, whichever has more): one doubling of the work per failure, capped (PROOF_OF_WORK).
 */
export function proofOfWorkLevel(failures: number): number {
  return Math.min(PROOF_OF_WORK.maxLevel, Math.max(0, Math.floor(failures)));
}

/** The range the challenge's secret counter is drawn from at a level: its mean is the expected work. */
export function proofOfWorkCounters(level: number): { min: number; max: number } {
  const factor = 2 ** proofOfWorkLevel(level);
  return { min: PROOF_OF_WORK.counterMin * factor, max: PROOF_OF_WORK.counterMax * factor };
}

/** GET /api/system/altcha: the login form names its username, whose failures raise the work. */
export const proofOfWorkQuery = z.object({
  username: z.string().trim().max(EMAIL_MAX).optional(),
});

/** GET /api/system/altcha: a challenge in the form the ALTCHA widget solves; `data.level` its level. */
export const proofOfWorkChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
    data: z.object({ level: z.number() }).optional(),
  }),
  signature: z.string().optional(),
});
export type ProofOfWorkChallenge = z.infer<typeof proofOfWorkChallenge>;

/** The fields of the image captcha, as login and registration send them. */
export const captchaFields = {
  captcha_id: z.string().min(1).max(64),
  captcha: z.string().trim().min(1).max(CAPTCHA_MAX),
};
