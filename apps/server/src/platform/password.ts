import { hash, verify } from '@node-rs/argon2';
import type { FastifyBaseLogger } from 'fastify';
import { reportIncident } from './incidents.js';

/**
 * argon2id at OWASP ASVS's floor (m = 19 MiB, t = 2, p = 1): about 60 ms per hash on this machine.
 * Passwords are never truncated (argon2 takes any length; the contract caps them at 128).
 */
/** 2 = Algorithm.Argon2id (a const enum, which isolated modules cannot read). */
const ARGON2_OPTIONS = { algorithm: 2, memoryCost: 19_456, timeCost: 2, parallelism: 1 } as const;

export function hashPassword(password: string): Promise<string> {
  return hash(password, ARGON2_OPTIONS);
}

/** A hash of a random password, verified against when the account does not exist (same timing). */
let dummyHash: Promise<string> | undefined;

/**
 * Whether `password` matches the stored hash. A stored hash argon2 cannot read (corrupt, truncated,
 * of another scheme) refuses the password as a wrong one would, and is reported as an incident, so
 * that an operator learns that an account cannot log in whatever it types.
 */
export async function verifyPassword(
  log: FastifyBaseLogger,
  passwordHash: string | undefined,
  password: string,
): Promise<boolean> {
  if (!passwordHash) {
    dummyHash ??= hashPassword(`no-account-${Math.random()}`);
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  try {
    return await verify(passwordHash, password);
  } catch (error) {
    reportIncident(log, 'password_hash_unreadable', error, 'a stored password hash cannot be read');
    return false;
  }
}
