import { createHmac, randomInt } from 'node:crypto';
import {
  PROOF_OF_WORK,
  proofOfWorkCounters,
  proofOfWorkLevel,
  type ProofOfWorkChallenge,
} from '@freight/contract';
import { createChallenge, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { z } from 'zod';
import type { Config } from '../../config.js';
import { AppError } from '../../platform/errors.js';
import type { KvStore } from '../../platform/kv.js';

/*
 * The invisible proof of work (ALTCHA): see PROOF_OF_WORK for its cost. The challenge is
 * signed with ALTCHA_HMAC_KEY, so any instance can check a solution without having stored the
 * challenge; the key the solution must reach is signed too (a second key derived from the first),
 * so that checking costs one HMAC, not a key derivation. Accepted once: the used challenges are
 * kept in the shared store until they expire. The challenge's level (its work, rising with recent
 * failed logins: PROOF_OF_WORK) is signed with it, in `data`, so a solution cannot claim another.
 */

/** The key that signs the derived keys: its own secret, made from the configured one. */
export const keySignatureSecret = (hmacKey: string) =>
  createHmac('sha256', hmacKey).update('altcha-key-signature').digest('hex');

/**
 * A new challenge at `level` (0 when no failures raised it), solvable by the ALTCHA widget; it
 * expires after PROOF_OF_WORK.ttlMs.
 */
export async function issueProofOfWork(options: {
  config: Config;
  level?: number;
}): Promise<ProofOfWorkChallenge> {
  const level = proofOfWorkLevel(options.level ?? 0);
  const counters = proofOfWorkCounters(level);
  const challenge = await createChallenge({
    algorithm: PROOF_OF_WORK.algorithm,
    cost: PROOF_OF_WORK.cost,
    counter: randomInt(counters.min, counters.max + 1),
    data: { level },
    deriveKey,
    expiresAt: new Date(Date.now() + PROOF_OF_WORK.ttlMs),
    hmacSignatureSecret: options.config.altchaHmacKey,
    hmacKeySignatureSecret: keySignatureSecret(options.config.altchaHmacKey),
  });
  return { parameters: { ...challenge.parameters, data: { level } }, signature: challenge.signature };
}

/** What the widget sends, base64 of this JSON; anything else is refused as a wrong solution. */
const sentPayload = z.object({
  challenge: z.object({
    parameters: z.looseObject({
      algorithm: z.literal(PROOF_OF_WORK.algorithm),
      nonce: z.string().regex(/^[0-9a-f]{2,128}$/),
      salt: z.string().regex(/^[0-9a-f]{2,128}$/),
      cost: z.literal(PROOF_OF_WORK.cost),
      keyLength: z.number().int().min(1).max(64),
      keyPrefix: z.string().regex(/^[0-9a-f]{1,128}$/),
      expiresAt: z.number(),
      // Challenges issued before levels existed carry none: level 0.
      data: z.object({ level: z.number().int().min(0).max(PROOF_OF_WORK.maxLevel) }).optional(),
    }),
    signature: z.string().max(256),
  }),
  solution: z.object({ counter: z.number().int().min(0), derivedKey: z.string().max(256) }).loose(),
});

function parsePayload(text: string) {
  try {
    const parsed = sentPayload.safeParse(JSON.parse(Buffer.from(text, 'base64').toString('utf8')));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

const usedKey = (nonce: string) => `altcha:used:${nonce}`;

/**
 * Accepts a solved challenge once: refused (400, field `altcha`) when missing, forged, wrong,
 * expired, used before, or below `level` (the level the failures since its issue now require; a
 * challenge asked for at an earlier, lower level is not enough). With CAPTCHA_FIXED (automated
 * tests only) the check is waived.
 */
export async function checkProofOfWork(options: {
  config: Config;
  kv: KvStore;
  payload: string | undefined;
  level?: number;
}): Promise<void> {
  const { config, kv, payload } = options;
  if (config.captchaFixed !== undefined) return;
  if (!payload) throw new AppError(400, 'account.proofMissing', {}, [{ field: 'altcha' }]);
  const refuse = () => new AppError(400, 'account.proofWrong', {}, [{ field: 'altcha' }]);
  const sent = parsePayload(payload);
  if (!sent) throw refuse();
  if ((sent.challenge.parameters.data?.level ?? 0) < proofOfWorkLevel(options.level ?? 0)) throw refuse();
  const result = await verifySolution({
    challenge: sent.challenge,
    solution: sent.solution,
    deriveKey,
    hmacSignatureSecret: config.altchaHmacKey,
    hmacKeySignatureSecret: keySignatureSecret(config.altchaHmacKey),
  }).catch(() => undefined);
  if (!result?.verified) throw refuse();
  // Single use across instances: the first to count the nonce wins; the mark outlives the challenge.
  const ttlMs = Math.max(1_000, sent.challenge.parameters.expiresAt * 1000 - Date.now() + 1_000);
  const { count } = await kv.incr(usedKey(sent.challenge.parameters.nonce), ttlMs);
  if (count > 1) throw refuse();
}
