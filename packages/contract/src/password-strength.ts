import { ZxcvbnFactory } from '@zxcvbn-ts/core';
import { adjacencyGraphs, dictionary } from '@zxcvbn-ts/language-common';
import { COMMON_PASSWORDS } from './common-passwords.js';

/*
 * Password strength. Its own entry point (`@freight/contract/password-strength`):
 * the dictionary of common and breached passwords is ~200 KB compressed, so the web loads it only
 * with the forms that set a password, never with the login page. The server calls the same rule.
 */

/** Why a password is refused: too common (or a breached one), or it is or holds the e-mail address. */
export type PasswordProblem = 'common' | 'email';
export type PasswordStrength = 'weak' | 'fair' | 'strong';

/** The message key of each refusal, in the shared catalog. */
export const PASSWORD_PROBLEM_KEYS = {
  common: 'account.passwordCommon',
  email: 'account.passwordHasEmail',
} as const satisfies Record<PasswordProblem, string>;

/** The part before the @ counts as the address when it is at least this long. */
const LOCAL_PART_MIN = 4;

let checker: ZxcvbnFactory | undefined;
/** Built on first use (~30 ms: the dictionaries are unpacked and ranked). */
function zxcvbn(): ZxcvbnFactory {
  checker ??= new ZxcvbnFactory({ dictionary, graphs: adjacencyGraphs });
  return checker;
}

let common: ReadonlySet<string> | undefined;
/** The shipped list, split once into a Set (a few thousand words: well under a millisecond to look up). */
export function commonPasswords(): ReadonlySet<string> {
  common ??= new Set(COMMON_PASSWORDS.split('\n').filter((word) => word.length > 0));
  return common;
}

/** The usual look-alike spellings read back as letters ("p@ssw0rd" is "password"). */
const LEET: Record<string, string> = {
  '0': 'o',
  '1': 'i',
  '3': 'e',
  '4': 'a',
  '5': 's',
  '7': 't',
  '@': 'a',
  $: 's',
  '!': 'i',
};
const unleet = (word: string, one = 'i') =>
  word.replace(/[013457@$!]/g, (c) => (c === '1' ? one : (LEET[c] ?? c)));

/**
 * Whether the password is one of the shipped common words, ignoring case and look-alike spellings,
 * whole or as the word before its trailing digits and symbols: "Passw0rd!", "letmein12",
 * "shanghai123", "woaini1314" and "demo123456" all are. A base word of one letter does not count
 * ("a123456" is listed whole), so "x" followed by any number stays possible.
 */
export function isCommonPassword(password: string): boolean {
  const words = commonPasswords();
  const lower = password.trim().toLowerCase();
  const base = lower.replace(/[\d\p{P}\p{S}\s]+$/u, '');
  const forms = [lower, unleet(lower), unleet(lower, 'l')];
  if (base.length >= 2) forms.push(base, unleet(base), unleet(base, 'l'));
  return forms.some((form) => words.has(form));
}

function holdsEmail(password: string, email: string): boolean {
  const lower = password.toLowerCase();
  const address = email.trim().toLowerCase();
  if (!address) return false;
  const local = address.split('@')[0] ?? '';
  return lower.includes(address) || (local.length >= LOCAL_PART_MIN && lower.includes(local));
}

/**
 * Judges a password for the account `email`. Refused (`problem`): the address itself or a password
 * holding it (or its part before the @), a word of the shipped common list whole or before trailing
 * digits and symbols (isCommonPassword), a password zxcvbn guesses in under 1,000 tries (score 0:
 * "123456", "password", "qwerty123", "aaaaaa"…), and any password that is as a whole one of the
 * ~49,000 most common breached passwords of its list ("test1234"), in l33t or reversed spellings
 * too. Anything else of at least PASSWORD_MIN characters is allowed; `strength` is the
 * hint the forms show: score 0–1 weak, 2 fair, 3–4 strong.
 */
export function judgePassword(
  password: string,
  email = '',
): { problem: PasswordProblem | undefined; strength: PasswordStrength } {
  if (password.length === 0) return { problem: undefined, strength: 'weak' };
  if (holdsEmail(password, email)) return { problem: 'email', strength: 'weak' };
  if (isCommonPassword(password)) return { problem: 'common', strength: 'weak' };
  const result = zxcvbn().check(password, email ? [email.trim().toLowerCase()] : []);
  const [only, ...rest] = result.sequence;
  const isListed =
    rest.length === 0 &&
    only?.pattern === 'dictionary' &&
    only.dictionaryName === 'passwords-common' &&
    only.token.length === password.length;
  if (result.score === 0 || isListed) return { problem: 'common', strength: 'weak' };
  return {
    problem: undefined,
    strength: result.score <= 1 ? 'weak' : result.score === 2 ? 'fair' : 'strong',
  };
}
