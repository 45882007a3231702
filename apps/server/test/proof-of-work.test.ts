import { PROOF_OF_WORK, type ProofOfWorkChallenge } from '@freight/contract';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keySignatureSecret } from '../src/modules/auth/proof-of-work.js';
import { type Envelope, fieldsToParts, multipart, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { payloadOf, solvedProof } from './proof-of-work.js';

/**
 * The invisible proof of work (issue 17) on login, registration and the reset-code request, in an
 * app without CAPTCHA_FIXED (which waives it): accepted once when solved, refused when missing,
 * wrong, forged or expired, with a message naming the field in the request's language.
 */
describeEachDatabase('proof of work', (kind) => {
  let t: TestApp;
  const password = 'harbour-crane-71';
  let username: string;
  beforeAll(async () => {
    t = await createTestApp(kind, { env: { CAPTCHA_FIXED: '' } });
    username = uniqueEmail('pow');
    const registered = await registerWith({ username, password }, await human());
    expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  });
  afterAll(async () => {
    await t.close();
  });

  /** A fresh captcha with its answer read from the shared store, and a solved proof of work. */
  async function human(): Promise<{ captcha_id: string; captcha: string; altcha: string }> {
    const reply = await call<Envelope<{ captcha_id: string }>>(t.app, {
      method: 'GET',
      url: '/api/system/captcha',
    });
    const id = reply.body.data.captcha_id;
    const answer = (await t.app.deps.kv.get(`captcha:${id}`))?.value ?? '';
    return { captcha_id: id, captcha: answer, altcha: await solvedProof(t.app) };
  }
  const registerWith = (fields: Record<string, string>, extra: Record<string, string>, lang?: 'en') => {
    const form = multipart(fieldsToParts({ ...registrationForm(fields), ...extra }));
    return call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/userinfo',
      payload: form.payload,
      headers: form.headers,
      lang,
    });
  };
  const loginWith = (extra: Record<string, string>, lang?: 'en') =>
    call<Envelope<{ token: string }>>(t.app, {
      method: 'POST',
      url: '/api/system/login',
      payload: { username, password, ...extra },
      lang,
    });
  const forget = (altcha: string | undefined, lang?: 'en') =>
    call<Envelope>(t.app, {
      method: 'GET',
      url: `/api/system/forget?${new URLSearchParams({ username: uniqueEmail('nobody'), ...(altcha ? { altcha } : {}) }).toString()}`,
      lang,
    });
  const expectRefused = (reply: { status: number; body: Envelope }, message: string) => {
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toBe(message);
    expect(reply.body.errors).toEqual([{ field: 'altcha', message }]);
  };
  const WRONG = {
    en: 'The browser check failed or has expired; please submit again',
    zh: '浏览器安全验证未通过或已过期，请重新提交',
  };

  it('serves a signed PBKDF2 challenge that is never cached', async () => {
    const reply = await call<Envelope<ProofOfWorkChallenge>>(t.app, {
      method: 'GET',
      url: '/api/system/altcha',
    });
    expect(reply.status).toBe(200);
    expect(reply.headers['cache-control']).toBe('no-store');
    const { parameters, signature } = reply.body.data;
    expect(parameters).toMatchObject({ algorithm: 'PBKDF2/SHA-256', cost: PROOF_OF_WORK.cost });
    expect(signature).toMatch(/^[0-9a-f]{64}$/);
    expect((parameters.expiresAt ?? 0) * 1000 - Date.now()).toBeGreaterThan(PROOF_OF_WORK.ttlMs - 60_000);
  });

  it('lets a login through once with a solved challenge, and refuses it the second time', async () => {
    const first = await human();
    expect((await loginWith(first)).status).toBe(200);
    const again = await human();
    expectRefused(await loginWith({ ...again, altcha: first.altcha }, 'en'), WRONG.en);
    // The captcha typed with the refused proof is still good: the proof is checked first.
    expect((await loginWith(again)).status).toBe(200);
  });

  it('refuses a login or a registration without it, naming the field, in both languages', async () => {
    const { altcha: _unused, ...captcha } = await human();
    expectRefused(
      await loginWith(captcha, 'en'),
      'The browser check has not finished yet; please wait a moment and submit again',
    );
    expectRefused(await loginWith(captcha), '浏览器安全验证尚未完成，请稍候再提交');
    const { altcha: _also, ...other } = await human();
    expectRefused(
      await registerWith({ username: uniqueEmail() }, other),
      '浏览器安全验证尚未完成，请稍候再提交',
    );
  });

  it('lets a reset-code request through once, in either language', async () => {
    const altcha = await solvedProof(t.app);
    expect((await forget(altcha)).status).toBe(200);
    expectRefused(await forget(altcha, 'en'), WRONG.en);
    expectRefused(await forget(altcha), WRONG.zh);
  });

  it('refuses a wrong solution, a forged challenge and garbage', async () => {
    const reply = await call<Envelope<ProofOfWorkChallenge>>(t.app, {
      method: 'GET',
      url: '/api/system/altcha',
    });
    const challenge = reply.body.data;
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('not solved');
    // A key one digit off the answer.
    const key = solution.derivedKey;
    const wrong = {
      counter: solution.counter,
      derivedKey: `${key.slice(0, -1)}${key.endsWith('0') ? '1' : '0'}`,
    };
    expectRefused(await forget(payloadOf(challenge, wrong), 'en'), WRONG.en);
    // An easier challenge of one's own making (prefix '0', counter found at once) with the old signature.
    const easy = { ...challenge, parameters: { ...challenge.parameters, keyPrefix: '0' } };
    const easySolution = await solveChallenge({ challenge: easy, deriveKey });
    expectRefused(await forget(payloadOf(easy, easySolution), 'en'), WRONG.en);
    // Signed with another key.
    const foreign = await createChallenge({
      algorithm: PROOF_OF_WORK.algorithm,
      cost: PROOF_OF_WORK.cost,
      counter: 3,
      deriveKey,
      hmacSignatureSecret: 'a-key-that-is-not-the-portals-own-0123456789',
    });
    const foreignSolution = await solveChallenge({ challenge: foreign, deriveKey });
    expectRefused(await forget(payloadOf(foreign, foreignSolution), 'en'), WRONG.en);
    for (const garbage of ['bm90IGpzb24=', Buffer.from('{"challenge":1}').toString('base64')])
      expectRefused(await forget(garbage, 'en'), WRONG.en);
    // The right solution still works afterwards: the refusals did not spend it.
    expect((await forget(payloadOf(challenge, solution))).status).toBe(200);
  });

  it('refuses an expired challenge, though signed with the portal’s key', async () => {
    const key = t.config.altchaHmacKey;
    const expired = await createChallenge({
      algorithm: PROOF_OF_WORK.algorithm,
      cost: PROOF_OF_WORK.cost,
      counter: 5,
      deriveKey,
      expiresAt: new Date(Date.now() - 1_000),
      hmacSignatureSecret: key,
      hmacKeySignatureSecret: keySignatureSecret(key),
    });
    const solution = await solveChallenge({ challenge: expired, deriveKey });
    expectRefused(await forget(payloadOf(expired, solution), 'en'), WRONG.en);
    expectRefused(await forget(payloadOf(expired, solution)), WRONG.zh);
  });

  it('registers with a solved challenge, and not twice with the same one', async () => {
    const first = await human();
    expect((await registerWith({ username: uniqueEmail() }, first)).status).toBe(200);
    const second = await human();
    expectRefused(
      await registerWith({ username: uniqueEmail() }, { ...second, altcha: first.altcha }, 'en'),
      WRONG.en,
    );
  });
});
