import { afterAll, beforeAll, expect, it } from 'vitest';
import { signUnsubscribe } from '../src/modules/mail-preferences/tokens.js';
import { type Envelope, register, registrationForm, uniqueEmail } from './fixtures.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { solvedProof } from './proof-of-work.js';

/** The same secret, as when a key is copied from one deployment's configuration to another's. */
const SHARED_KEY = 'shared-between-two-portals-0123456789abcdef';

/**
 * Proofs of work and unsubscribe links are signed with keys bound to the deployment (its public
 * address): two portals given the same ALTCHA_HMAC_KEY accept only their own.
 */
describeEachDatabase('keys bound to the deployment', (kind) => {
  const apps: Record<'a' | 'b' | 'aAgain', TestApp | undefined> = {
    a: undefined,
    b: undefined,
    aAgain: undefined,
  };
  const people: Record<'a' | 'b', number> = { a: 0, b: 0 };
  const app = (name: keyof typeof apps): TestApp => {
    const found = apps[name];
    if (!found) throw new Error(`no app ${name}`);
    return found;
  };

  beforeAll(async () => {
    const env = (url: string) => ({ CAPTCHA_FIXED: '', ALTCHA_HMAC_KEY: SHARED_KEY, PUBLIC_URL: url });
    apps.a = await createTestApp(kind, { env: env('https://portal-a.example.com') });
    apps.b = await createTestApp(kind, { env: env('https://portal-b.example.com') });
    // Another instance of deployment A (its own database here: the proof is checked without one).
    apps.aAgain = await createTestApp(kind, { env: env('https://PORTAL-A.example.com/') });
    for (const name of ['a', 'b'] as const) {
      // Registration asks for the proof of work too: solved for this app, it is accepted.
      const form = registrationForm({ username: uniqueEmail(`bound-${name}`).toLowerCase() });
      const captcha = await call<Envelope<{ captcha_id: string }>>(app(name).app, {
        method: 'GET',
        url: '/api/system/captcha',
      });
      const id = captcha.body.data.captcha_id;
      const answer = (await app(name).app.deps.kv.get(`captcha:${id}`))?.value ?? '';
      const reply = await register(app(name).app, {
        ...form,
        captcha_id: id,
        captcha: answer,
        altcha: await solvedProof(app(name).app),
      });
      expect(reply.status, JSON.stringify(reply.body)).toBe(200);
      people[name] = reply.body.data.id;
    }
  });
  afterAll(async () => {
    for (const each of Object.values(apps)) await each?.close();
  });

  const forget = (to: TestApp, altcha: string) =>
    call<Envelope>(to.app, {
      method: 'GET',
      url: `/api/system/forget?${new URLSearchParams({ username: uniqueEmail('nobody'), altcha }).toString()}`,
      lang: 'en',
    });

  it('refuses a proof of work solved for another deployment with the same key', async () => {
    const fromA = await solvedProof(app('a').app);
    const refused = await forget(app('b'), fromA);
    expect(refused.status).toBe(400);
    expect(refused.body.errors).toEqual([{ field: 'altcha', message: expect.any(String) }]);
    // The same deployment (the same address, however written) takes it, on any of its instances.
    expect((await forget(app('aAgain'), fromA)).status).toBe(200);
    expect((await forget(app('a'), await solvedProof(app('a').app))).status).toBe(200);
  });

  it('refuses an unsubscribe link made by another deployment with the same key', async () => {
    const link = (maker: TestApp, personId: number) =>
      `/api/unsubscribe?token=${encodeURIComponent(signUnsubscribe(maker.config.unsubscribeHmacKey, { personId, scope: 'all' }))}`;
    // B's person, with a link as A signs them: refused; as B signs them: it works.
    const foreign = await call<Envelope>(app('b').app, {
      method: 'GET',
      url: link(app('a'), people.b),
      lang: 'en',
    });
    expect(foreign.status).toBe(400);
    const own = await call<Envelope>(app('b').app, { method: 'GET', url: link(app('b'), people.b) });
    expect(own.status, JSON.stringify(own.body)).toBe(200);
    expect(app('a').config.unsubscribeHmacKey).toBe(app('aAgain').config.unsubscribeHmacKey);
    expect(app('a').config.unsubscribeHmacKey).not.toBe(app('b').config.unsubscribeHmacKey);
  });
});
