import type { ProofOfWorkChallenge } from '@freight/contract';
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Envelope } from './fixtures.js';
import { call } from './helpers.js';

/** The payload the ALTCHA widget sends for a solved challenge: base64 of its JSON. */
export const payloadOf = (challenge: unknown, solution: unknown) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

/**
 * Asks the app for a challenge and solves it as a browser would (the real key derivation); for a
 * login, naming its username and coming from its address (their failures set the work).
 */
export async function solvedProof(
  app: FastifyInstance,
  from: { username?: string; remoteAddress?: string } = {},
): Promise<string> {
  const query = from.username ? `?${new URLSearchParams({ username: from.username }).toString()}` : '';
  const reply = await call<Envelope<ProofOfWorkChallenge>>(app, {
    method: 'GET',
    url: `/api/system/altcha${query}`,
    ...(from.remoteAddress ? { remoteAddress: from.remoteAddress } : {}),
  });
  const challenge = reply.body.data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof of work was not solved');
  return payloadOf(challenge, solution);
}
