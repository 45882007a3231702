import type { ProofOfWorkChallenge } from '@freight/contract';
import type { FastifyInstance } from 'fastify';
import { solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import type { Envelope } from './fixtures.js';
import { call } from './helpers.js';

/** The payload the ALTCHA widget sends for a solved challenge: base64 of its JSON. */
export const payloadOf = (challenge: unknown, solution: unknown) =>
  Buffer.from(JSON.stringify({ challenge, solution })).toString('base64');

/** Asks the app for a challenge and solves it as a browser would (the real key derivation). */
export async function solvedProof(app: FastifyInstance): Promise<string> {
  const reply = await call<Envelope<ProofOfWorkChallenge>>(app, { method: 'GET', url: '/api/system/altcha' });
  const challenge = reply.body.data;
  const solution = await solveChallenge({ challenge, deriveKey });
  if (!solution) throw new Error('the proof of work was not solved');
  return payloadOf(challenge, solution);
}
