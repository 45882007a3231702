import type { UserInfo } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { setSiteConfigValue } from '../src/modules/system/service.js';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, image, login, register, registrationForm, uniqueEmail } from './fixtures.js';

describeEachDatabase('registration and profile', (kind) => {
  let t: TestApp;
  let countryId: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    const cn = await call<Envelope<{ lists: { id: number; code: string }[] }>>(t.app, {
      method: 'GET',
      url: '/api/country?keyword=CN',
    });
    countryId = cn.body.data.lists.find((c) => c.code === 'CN')?.id ?? 0;
  });
  afterAll(async () => {
    await t.close();
  });

  const form = (overrides: Record<string, string> = {}) => registrationForm(overrides, countryId);
  const auth = (token: string) => ({ authorization: `Bearer ${token}` });
  const me = async (token: string) =>
    (await call<Envelope<UserInfo>>(t.app, { method: 'GET', url: '/api/userinfo', headers: auth(token) }))
      .body.data;

  it('registers in mode 1 with licence and logo, signs the member in, and fills a default profile', async () => {
    const license = await image('jpeg', 1200, 900);
    const logo = await image('png', 300, 300);
    const reply = await register(t.app, form(), [
      { name: 'license', filename: 'licence.jpg', contentType: 'image/jpeg', data: license },
      { name: 'logo', filename: 'logo.png', contentType: 'image/png', data: logo },
    ]);
    expect(reply.status).toBe(200);
    const info = await me(reply.body.data.token);
    expect(info).toMatchObject({
      company1: 'Acme Trading Co., Ltd',
      country_name: '中国',
      industries: '',
      credit_no: '',
    });
    expect(info.profile).toContain('Acme Trading Co., Ltd');
    expect(info.logo_thumb).toMatch(/^\/api\/file\/[0-9a-f-]{36}$/);
    expect(info.license_thumb).toMatch(/^\/api\/file\/[0-9a-f-]{36}$/);

    // The logo is public; the licence only for its owner. Metadata is stripped; thumbnails are small.
    const logoThumb = await t.app.inject({ method: 'GET', url: info.logo_thumb ?? '' });
    expect(logoThumb.statusCode).toBe(200);
    expect(logoThumb.headers['content-type']).toBe('image/png');
    const licence = await t.app.inject({
      method: 'GET',
      url: info.license ?? '',
      headers: auth(reply.body.data.token),
    });
    expect(licence.statusCode).toBe(200);
    expect(licence.rawPayload.includes(Buffer.from('secret-exif'))).toBe(false);
    expect(license.includes(Buffer.from('secret-exif'))).toBe(true);
    const thumb = await t.app.inject({
      method: 'GET',
      url: info.license_thumb ?? '',
      headers: auth(reply.body.data.token),
    });
    expect(thumb.rawPayload.length).toBeLessThan(licence.rawPayload.length);
    expect((await t.app.inject({ method: 'GET', url: info.license ?? '' })).statusCode).toBe(404);
    const other = await register(t.app, form());
    expect(
      (await t.app.inject({ method: 'GET', url: info.license ?? '', headers: auth(other.body.data.token) }))
        .statusCode,
    ).toBe(404);
  });

  it('names every missing or wrong field, in the request language', async () => {
    const reply = await register(
      t.app,
      { username: 'not-an-email', password: '12345', phone: '12-34', country_id: String(countryId) },
      [],
      'en',
    );
    expect(reply.status).toBe(400);
    const byField = Object.fromEntries((reply.body.errors ?? []).map((e) => [e.field, e.message]));
    expect(byField).toMatchObject({
      username: 'Please enter a valid email address',
      password: 'Password must be at least 8 characters',
      phone: 'Phone may only contain digits and a plus sign',
      linkman: 'Contact person is required',
      company1: 'Company name (English) is required',
      address1: 'Address (English) is required',
      city: 'City is required',
    });
    const zh = await register(t.app, form({ password: '123' }));
    expect(zh.body.msg).toBe('密码至少 8 个字符');
    const badCountry = await register(t.app, form({ country_id: '999999' }), [], 'en');
    expect(badCountry.status).toBe(400);
    expect(badCountry.body.errors).toEqual([
      { field: 'country_id', message: 'Country has an invalid value' },
    ]);
    const badCredit = await register(t.app, form({ credit_no: 'ABC' }), [], 'en');
    expect(badCredit.body.errors?.[0]?.field).toBe('credit_no');
  });

  it('refuses a duplicate e-mail with 409, whatever its case', async () => {
    const username = uniqueEmail();
    expect((await register(t.app, form({ username }))).status).toBe(200);
    const again = await register(t.app, form({ username: username.toUpperCase() }), [], 'en');
    expect(again.status).toBe(409);
    expect(again.body.msg).toBe('This email is already registered; log in or reset the password');
  });

  it('gives a registration that lost a race for its e-mail the same 409 naming the field', async () => {
    // All three pass the look-up before any of them writes; the unique index decides, and the
    // driver's error arrives wrapped (DrizzleQueryError) on PostgreSQL.
    const username = uniqueEmail('race');
    const replies = await Promise.all([0, 1, 2].map(() => register(t.app, form({ username }), [], 'en')));
    expect(replies.map((r) => r.status).sort()).toEqual([200, 409, 409]);
    for (const lost of replies.filter((r) => r.status === 409)) {
      expect(lost.body).toMatchObject({
        msg: 'This email is already registered; log in or reset the password',
        errors: [{ field: 'username' }],
      });
    }
  });

  it('checks uploads by content and size, one file per field', async () => {
    const pdf = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF');
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    for (const data of [pdf, svg]) {
      const reply = await register(
        t.app,
        form(),
        [{ name: 'license', filename: 'licence.jpg', contentType: 'image/jpeg', data }],
        'en',
      );
      expect(reply.status).toBe(415);
      expect(reply.body.msg).toBe('Only jpg and png files are supported');
    }
    const big = Buffer.concat([await image('png'), Buffer.alloc(2_097_152)]).subarray(0, 2_097_153);
    const tooBig = await register(
      t.app,
      form(),
      [{ name: 'logo', filename: 'logo.png', contentType: 'image/png', data: big }],
      'en',
    );
    expect(tooBig.status).toBe(413);
    expect(tooBig.body.msg).toBe('File size cannot exceed 2MB');
    const png = await image('png');
    const two = await register(
      t.app,
      form(),
      [
        { name: 'license', filename: 'a.png', contentType: 'image/png', data: png },
        { name: 'license', filename: 'b.png', contentType: 'image/png', data: png },
      ],
      'en',
    );
    expect(two.status).toBe(400);
    expect(two.body.msg).toBe('Only one file can be uploaded at a time');
    const username = uniqueEmail();
    const refused = await register(t.app, form({ username }), [
      { name: 'logo', filename: 'x.png', contentType: 'image/png', data: pdf },
    ]);
    expect(refused.status).toBe(415);
    expect((await login(t.app, username, 'quay-lantern-42')).status).toBe(400); // nothing half-written
  });

  it('keeps SQL and script text as plain data', async () => {
    const hostile = "Robert'); DROP TABLE users;-- <script>alert(1)</script>";
    const reply = await register(t.app, form({ company1: hostile, linkman: hostile }));
    expect(reply.status).toBe(200);
    expect((await me(reply.body.data.token)).company1).toBe(hostile);
    expect((await call(t.app, { method: 'GET', url: '/api/country' })).status).toBe(200);
  });

  it('leaves the profile empty in mode 2 and keeps the business lists as comma-joined ids', async () => {
    await setSiteConfigValue({ db: t.database.db, name: 'app_mode', value: '2' });
    try {
      const ports = await call<Envelope<{ lists: { id: number }[] }>>(t.app, {
        method: 'GET',
        url: '/api/port?size=3',
      });
      const ids = ports.body.data.lists.map((p) => p.id).join(',');
      const reply = await register(t.app, form({ ports: ids, profile: '' }));
      expect(reply.status).toBe(200);
      const info = await me(reply.body.data.token);
      expect(info.profile).toBe('');
      expect(info.ports).toBe(ids);
      const bad = await register(t.app, form({ ports: '1,abc' }), [], 'en');
      expect(bad.body.errors?.[0]).toEqual({ field: 'ports', message: 'Main ports has the wrong format' });
    } finally {
      await setSiteConfigValue({ db: t.database.db, name: 'app_mode', value: '1' });
    }
  });

  it('updates the profile; a new password ends the other sessions but keeps this one', async () => {
    const username = uniqueEmail();
    const token = (await register(t.app, form({ username }))).body.data.token;
    const other = (await login(t.app, username, 'quay-lantern-42')).body.data.token;
    const current = await me(token);
    const update = {
      linkman: 'Li Lei',
      phone: '+86 138',
      company1: current.company1,
      address1: current.address1,
      city: current.city,
      country_id: current.country_id,
    };
    const badPhone = await call<Envelope>(t.app, {
      method: 'PUT',
      url: '/api/userinfo',
      headers: auth(token),
      payload: update,
      lang: 'en',
    });
    expect(badPhone.status).toBe(400);
    expect(badPhone.body.errors?.[0]).toEqual({
      field: 'phone',
      message: 'Phone may only contain digits and a plus sign',
    });

    const saved = await call<Envelope<UserInfo>>(t.app, {
      method: 'PUT',
      url: '/api/userinfo',
      headers: auth(token),
      payload: { ...update, phone: '+86138' },
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data).toMatchObject({ linkman: 'Li Lei', phone: '+86138' });
    expect((await me(other)).username).toBe(username); // no password change: other session lives

    const short = await call<Envelope>(t.app, {
      method: 'PUT',
      url: '/api/userinfo',
      headers: auth(token),
      payload: { ...update, phone: '1', password: '123' },
    });
    expect(short.status).toBe(400);
    const changed = await call<Envelope>(t.app, {
      method: 'PUT',
      url: '/api/userinfo',
      headers: auth(token),
      payload: { ...update, phone: '1', password: 'new-pass-99', current_password: 'quay-lantern-42' },
    });
    expect(changed.status).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/userinfo', headers: auth(other) })).status).toBe(
      401,
    );
    expect((await me(token)).username).toBe(username);
    expect((await login(t.app, username, 'new-pass-99')).status).toBe(200);
  });
});
