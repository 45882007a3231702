import { describe, expect, it } from 'vitest';
import { judgePassword } from './password-strength.js';

describe('password strength (issue 17, part 5)', () => {
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

  it('allows a six-character minimum that is not common, and grades it', () => {
    expect(judgePassword('secret123', email)).toEqual({ problem: undefined, strength: 'weak' });
    expect(judgePassword('Secret-2024', email)).toEqual({ problem: undefined, strength: 'fair' });
    expect(judgePassword('harbour-crane-71', email)).toEqual({ problem: undefined, strength: 'strong' });
  });
});
