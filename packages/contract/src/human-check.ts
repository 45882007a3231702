import { z } from 'zod';
import { CAPTCHA_MAX } from './limits.js';

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

/** The solved challenge as the widget sends it (base64 of its JSON). */
export const proofOfWorkPayload = z
  .string()
  .trim()
  .min(1)
  .max(PROOF_OF_WORK.payloadMax)
  .regex(/^[A-Za-z0-9+/]+={0,2}$/, { error: 'account.proofWrong' });

/** GET /api/system/altcha: a challenge in the form the ALTCHA widget solves. */
export const proofOfWorkChallenge = z.object({
  parameters: z.looseObject({
    algorithm: z.string(),
    nonce: z.string(),
    salt: z.string(),
    cost: z.number(),
    keyLength: z.number(),
    keyPrefix: z.string(),
    expiresAt: z.number().optional(),
  }),
  signature: z.string().optional(),
});
export type ProofOfWorkChallenge = z.infer<typeof proofOfWorkChallenge>;

/** The fields of the image captcha, as login and registration send them. */
export const captchaFields = {
  captcha_id: z.string().min(1).max(64),
  captcha: z.string().trim().min(1).max(CAPTCHA_MAX),
};
