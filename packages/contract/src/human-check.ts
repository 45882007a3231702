import { z } from 'zod';
import { CAPTCHA_MAX, PROOF_OF_WORK } from './limits.js';

/* The proof of work's payload and challenge (PROOF_OF_WORK, limits.ts) and the image captcha's fields. */

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
