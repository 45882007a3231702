import { PROOF_OF_WORK, proofOfWorkCounters, type ProofOfWorkChallenge } from '@freight/contract';
import { createChallenge, solveChallenge } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { keySignatureSecret } from '../src/modules/auth/proof-of-work.js';
import { type Envelope, fieldsToParts, multipart, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { payloadOf, solvedProof } from './proof-of-work.js';

/**
 * The invisible proof of work on login, registration and the reset-code request, in an
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

  /**
   * A fresh captcha with its answer read from the shared store, and a solved proof of work (asked
   * for from `remoteAddress`, whose failed logins raise its work).
   */
  async function human(
    remoteAddress?: string,
  ): Promise<{ captcha_id: string; captcha: string; altcha: string }> {
    const reply = await call<Envelope<{ captcha_id: string }>>(t.app, {
      method: 'GET',
      url: '/api/system/captcha',
    });
    const id = reply.body.data.captcha_id;
    const answer = (await t.app.deps.kv.get(`captcha:${id}`))?.value ?? '';
    return { captcha_id: id, captcha: answer, altcha: await solvedProof(t.app, { remoteAddress }) };
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
  // Each test's failed logins come from an address of its own: they raise that address's work.
  const loginWith = (extra: Record<string, string>, lang?: 'en', remoteAddress?: string) =>
    call<Envelope<{ token: string }>>(t.app, {
      method: 'POST',
      url: '/api/system/login',
      payload: { username, password, ...extra },
      lang,
      ...(remoteAddress ? { remoteAddress } : {}),
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
    const from = '203.0.113.1';
    const first = await human(from);
    expect((await loginWith(first, undefined, from)).status).toBe(200);
    const again = await human(from);
    expectRefused(await loginWith({ ...again, altcha: first.altcha }, 'en', from), WRONG.en);
    // The captcha typed with the refused proof is still good: the proof is checked first. (The
    // refusal was a failure of the address: the next proof is solved at its higher level.)
    const altcha = await solvedProof(t.app, { username, remoteAddress: from });
    expect((await loginWith({ ...again, altcha }, undefined, from)).status).toBe(200);
  });

  it('refuses a login or a registration without it, naming the field, in both languages', async () => {
    const from = '203.0.113.2';
    const { altcha: _unused, ...captcha } = await human(from);
    expectRefused(
      await loginWith(captcha, 'en', from),
      'The browser check has not finished yet; please wait a moment and submit again',
    );
    expectRefused(await loginWith(captcha, undefined, from), '浏览器安全验证尚未完成，请稍候再提交');
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

  /* ---------- rising work: failed logins of a username or from an address raise the level ---------- */

  const at = (n: number) => `198.51.100.${n}`;
  const challengeFor = async (remoteAddress: string, name?: string) =>
    (
      await call<Envelope<ProofOfWorkChallenge>>(t.app, {
        method: 'GET',
        url: `/api/system/altcha${name ? `?${new URLSearchParams({ username: name }).toString()}` : ''}`,
        remoteAddress,
      })
    ).body.data;
  const solved = async (challenge: ProofOfWorkChallenge) => {
    const solution = await solveChallenge({ challenge, deriveKey });
    if (!solution) throw new Error('not solved');
    return { counter: solution.counter, payload: payloadOf(challenge, solution) };
  };
  /** A login from `remoteAddress` with a real captcha and `altcha` (by default one solved at the level now due). */
  const loginFrom = async (remoteAddress: string, name: string, secret: string, altcha?: string) => {
    const id = (
      await call<Envelope<{ captcha_id: string }>>(t.app, { method: 'GET', url: '/api/system/captcha' })
    ).body.data.captcha_id;
    const answer = (await t.app.deps.kv.get(`captcha:${id}`))?.value ?? '';
    return call<Envelope<{ token: string }>>(t.app, {
      method: 'POST',
      url: '/api/system/login',
      remoteAddress,
      lang: 'en',
      payload: {
        username: name,
        password: secret,
        captcha_id: id,
        captcha: answer,
        altcha: altcha ?? (await solvedProof(t.app, { username: name, remoteAddress })),
      },
    });
  };
  const expectPasswordRefused = (reply: { status: number; body: Envelope }) => {
    expect(reply.status).toBe(400);
    expect(reply.body.msg).toBe('Login failed, please check your username and password');
  };

  it('doubles the work after each failed login of a username, from any address, and refuses the old level', async () => {
    const victim = uniqueEmail('target');
    expect((await registerWith({ username: victim, password }, await human())).status).toBe(200);
    const early = await challengeFor(at(1), victim);
    expect(early.parameters.data).toEqual({ level: 0 });
    const earlySolution = await solved(early);
    expect(earlySolution.counter).toBeLessThanOrEqual(proofOfWorkCounters(0).max);

    // Two wrong passwords, each from another address (each with the proof its level asked for).
    expectPasswordRefused(await loginFrom(at(2), victim, 'not-the-password-1'));
    expect((await challengeFor(at(9), victim)).parameters.data).toEqual({ level: 1 });
    expectPasswordRefused(await loginFrom(at(3), victim, 'not-the-password-2'));

    // From a fourth address: the username alone now asks for four times the work.
    const later = await challengeFor(at(4), victim);
    expect(later.parameters.data).toEqual({ level: 2 });
    expect((await challengeFor(at(4))).parameters.data).toEqual({ level: 0 });
    const laterSolution = await solved(later);
    expect(laterSolution.counter).toBeGreaterThanOrEqual(proofOfWorkCounters(2).min);
    // The challenge solved before the failures is refused, though unused, signed and unexpired.
    expectRefused(await loginFrom(at(4), victim, password, earlySolution.payload), WRONG.en);
    expect((await loginFrom(at(4), victim, password, laterSolution.payload)).status).toBe(200);
    // A login clears the username's failures.
    expect((await challengeFor(at(5), victim)).parameters.data).toEqual({ level: 0 });
  });

  it('doubles the work after failed logins from an address, whatever the usernames, and refuses the old level', async () => {
    const address = at(20);
    const early = await solved(await challengeFor(address));
    for (const name of [uniqueEmail('guess'), uniqueEmail('guess')])
      expectPasswordRefused(await loginFrom(address, name, 'not-the-password'));
    // Any username from that address, or none, now asks for four times the work; another address not.
    expect((await challengeFor(address)).parameters.data).toEqual({ level: 2 });
    expect((await challengeFor(address, uniqueEmail('other'))).parameters.data).toEqual({ level: 2 });
    expect((await challengeFor(at(21))).parameters.data).toEqual({ level: 0 });
    expectRefused(await loginFrom(address, username, password, early.payload), WRONG.en);
    // That refusal counted as one more failure of the address: the level is 3, the cap, from now on.
    const capped = await challengeFor(address, username);
    expect(capped.parameters.data).toEqual({ level: PROOF_OF_WORK.maxLevel });
    expect((await loginFrom(address, username, password, (await solved(capped)).payload)).status).toBe(200);
  });

  it('refuses a challenge whose level was raised after signing', async () => {
    const challenge = await challengeFor(at(30));
    const raised = { ...challenge, parameters: { ...challenge.parameters, data: { level: 3 } } };
    const solution = await solveChallenge({ challenge: raised, deriveKey });
    expectRefused(await forget(payloadOf(raised, solution), 'en'), WRONG.en);
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
