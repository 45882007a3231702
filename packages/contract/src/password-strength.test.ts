import { describe, expect, it } from 'vitest';
import { COMMON_PASSWORDS } from './common-passwords.js';
import { PASSWORD_MIN } from './limits.js';
import { commonPasswords, isCommonPassword, judgePassword } from './password-strength.js';

describe('password strength', () => {
  const email = 'wang.fang@example.com';

  it('refuses the most common and breached passwords, whole or in l33t spelling', () => {
    for (const password of ['123456', 'password', 'qwerty123', 'P@ssw0rd', 'iloveyou', 'aaaaaa', 'test1234'])
      expect(judgePassword(password, email), password).toEqual({ problem: 'common', strength: 'weak' });
  });

  it('refuses the e-mail address, or a password holding it or its name part', () => {
    for (const password of [email, 'WANG.FANG@EXAMPLE.COM', `${email}!`, 'wang.fang2024'])
      expect(judgePassword(password, email).problem, password).toBe('email');
    // A name part shorter than four characters is too short to count.
    expect(judgePassword('abc-harbour-77', 'abc@example.com').problem).toBeUndefined();
  });

  it('refuses common words whatever their case, spelling or trailing digits and symbols', () => {
    const passwords = [
      'Passw0rd!',
      'letmein12',
      'shanghai123',
      'woaini1314',
      'demo123456',
      'qq123456',
      'a5201314',
      'aini1314',
      '5201314',
      '1qaz2wsx',
      'Beijing2024!',
      'SECRET123',
    ];
    for (const password of passwords) {
      expect(isCommonPassword(password), password).toBe(true);
      expect(judgePassword(password, email), password).toEqual({ problem: 'common', strength: 'weak' });
    }
    // A common word inside a longer phrase, or a single letter before digits, is not refused for it.
    for (const password of ['quay-lantern-42', 'a new secret 123', 'x83749274'])
      expect(isCommonPassword(password), password).toBe(false);
  });

  it('ships a few thousand words and reads them into a Set once, quickly', () => {
    const started = performance.now();
    const words = commonPasswords();
    const elapsed = performance.now() - started;
    expect(words.size).toBeGreaterThan(3000);
    expect(words).toBe(commonPasswords());
    expect(words.has('woaini')).toBe(true);
    expect(COMMON_PASSWORDS.length).toBeLessThan(40_000);
    expect(elapsed).toBeLessThan(50);
    const checks = performance.now();
    for (let i = 0; i < 1000; i += 1) isCommonPassword(`harbour-crane-${i}`);
    expect(performance.now() - checks).toBeLessThan(100);
  });

  it('asks for at least eight characters', () => {
    expect(PASSWORD_MIN).toBe(8);
  });

  it('allows an eight-character minimum that is not common, and grades it', () => {
    expect(judgePassword('mango1987', email)).toEqual({ problem: undefined, strength: 'weak' });
    expect(judgePassword('Bluefin-19', email)).toEqual({ problem: undefined, strength: 'fair' });
    expect(judgePassword('harbour-crane-71', email)).toEqual({ problem: undefined, strength: 'strong' });
  });
});
