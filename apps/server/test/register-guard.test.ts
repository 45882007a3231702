import { REGISTER_THROTTLE } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import {
  captcha,
  type Envelope,
  fieldsToParts,
  multipart,
  register,
  registrationForm,
  TEST_CAPTCHA,
  uniqueEmail,
} from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

/**
 * Registration against a script: the image captcha as at login, checked before the reply
 * may tell that an address is taken, and a throttle per client address.
 */
describeEachDatabase('registration against a script', (kind) => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp(kind);
  });
  afterAll(async () => {
    await t.close();
  });

  const send = (fields: Record<string, string>, address: string, lang?: 'en') => {
    const form = multipart(fieldsToParts(fields));
    return call<Envelope>(t.app, {
      method: 'POST',
      url: '/api/userinfo',
      payload: form.payload,
      headers: form.headers,
      remoteAddress: address,
      lang,
    });
  };

  it('needs the captcha, and refuses a wrong or reused one naming the field, in both languages', async () => {
    const missing = await send(registrationForm(), '192.0.2.10', 'en');
    expect(missing.status).toBe(400);
    expect(missing.body.errors?.map((e) => e.field).sort()).toEqual(['captcha', 'captcha_id']);

    const wrong = await send(
      registrationForm({ captcha_id: await captcha(t.app), captcha: 'nope' }),
      '192.0.2.10',
      'en',
    );
    expect(wrong.status).toBe(400);
    expect(wrong.body.errors).toEqual([
      { field: 'captcha', message: 'The captcha is wrong or has expired; please enter the new one' },
    ]);

    const id = await captcha(t.app);
    expect(
      (await send(registrationForm({ captcha_id: id, captcha: TEST_CAPTCHA }), '192.0.2.10')).status,
    ).toBe(200);
    const reused = await send(registrationForm({ captcha_id: id, captcha: TEST_CAPTCHA }), '192.0.2.10');
    expect(reused.status).toBe(400);
    expect(reused.body.msg).toBe('图形验证码错误或已过期，请重新输入');
  });

  it('tells that an address is taken only to a request that passed the captcha', async () => {
    const username = uniqueEmail('taken');
    expect((await register(t.app, registrationForm({ username }))).status).toBe(200);
    const guess = await send(
      registrationForm({ username, captcha_id: await captcha(t.app), captcha: 'nope' }),
      '192.0.2.20',
    );
    expect(guess.status).toBe(400);
    expect(guess.body.errors?.[0]?.field).toBe('captcha');
    const honest = await send(
      registrationForm({ username, captcha_id: await captcha(t.app), captcha: TEST_CAPTCHA }),
      '192.0.2.20',
    );
    expect(honest.status).toBe(409);
  });

  it(`throttles an address after ${REGISTER_THROTTLE.perAddress} attempts an hour, accepted or not`, async () => {
    const address = '192.0.2.30';
    for (let i = 0; i < REGISTER_THROTTLE.perAddress; i++) {
      // Every other one with a wrong captcha: both kinds count.
      const answer = i % 2 === 0 ? TEST_CAPTCHA : 'nope';
      const reply = await send(
        registrationForm({ captcha_id: await captcha(t.app), captcha: answer }),
        address,
      );
      expect(reply.status).toBe(i % 2 === 0 ? 200 : 400);
    }
    const fields = () =>
      captcha(t.app).then((id) => registrationForm({ captcha_id: id, captcha: TEST_CAPTCHA }));
    const blocked = await send(await fields(), address, 'en');
    expect(blocked.status).toBe(429);
    expect(blocked.body.msg).toMatch(
      /^Too many registrations from this network; please try again in \d+ minutes?$/,
    );
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(3000);
    const zh = await send(await fields(), address);
    expect(zh.body.msg).toMatch(/^来自当前网络的注册过于频繁，请 \d+ 分钟后再试$/);
    // Another address is not held back by it.
    expect((await send(await fields(), '192.0.2.31')).status).toBe(200);
  });

  it('does not count a form refused for its fields', async () => {
    const address = '192.0.2.40';
    for (let i = 0; i < REGISTER_THROTTLE.perAddress + 2; i++)
      expect((await send(registrationForm({ phone: 'not a phone' }), address)).status).toBe(400);
    const id = await captcha(t.app);
    expect((await send(registrationForm({ captcha_id: id, captcha: TEST_CAPTCHA }), address)).status).toBe(
      200,
    );
  });
});
