import type { Contact, ListData } from '@freight/contract';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { call, createTestApp, describeEachDatabase, type TestApp } from './helpers.js';
import { type Envelope, image, multipart, register, registrationForm } from './fixtures.js';
import { readXlsx, xlsx, zipBomb } from './sheets.js';

type ImportFailure = Envelope & { rows?: { row: number; column: string; message: string }[] };

const valid = {
  type: 'shipper',
  company1: 'ACME (HK) CO., LTD',
  company2: '艾克米',
  linkman: 'LI MING',
  address1: 'NO. 1 HARBOUR ROAD',
  city: 'HONG KONG',
  province: '',
  country_id: 0,
  zip_code: '',
  phone: '+852 2345-6789',
  email: 'li@example.com',
};

describeEachDatabase('contact book', (kind) => {
  let t: TestApp;
  let alice: string;
  let bob: string;
  let cn: number;
  beforeAll(async () => {
    t = await createTestApp(kind);
    alice = (await register(t.app, registrationForm())).body.data.token;
    bob = (await register(t.app, registrationForm())).body.data.token;
    const countries = await call<Envelope<ListData<{ id: number; code: string }>>>(t.app, {
      method: 'GET',
      url: '/api/country?keyword=CN',
    });
    cn = countries.body.data.lists.find((c) => c.code === 'CN')?.id ?? 0;
    valid.country_id = cn;
  });
  afterAll(async () => {
    await t.close();
  });

  const as = (token: string) => ({ authorization: `Bearer ${token}` });
  const list = (token: string, query = '') =>
    call<Envelope<ListData<Contact>>>(t.app, {
      method: 'GET',
      url: `/api/customer/contact${query}`,
      headers: as(token),
    });
  const create = (token: string, body: object, lang?: 'cn' | 'en') =>
    call<Envelope<Contact>>(t.app, {
      method: 'POST',
      url: '/api/customer/contact',
      headers: as(token),
      payload: body,
      lang,
    });
  const upload = (token: string, data: Buffer, filename: string, lang?: 'cn' | 'en') => {
    const form = multipart([{ name: 'file', filename, contentType: 'application/octet-stream', data }]);
    return call<ImportFailure & { data: { created: number; updated: number } }>(t.app, {
      method: 'POST',
      url: '/api/customer/contact/import',
      headers: { ...as(token), ...form.headers },
      payload: form.payload,
      lang,
    });
  };

  it('adds, reads, changes and lists a member’s own contacts, with the country in the request language', async () => {
    const created = await create(alice, valid);
    expect(created.status).toBe(200);
    expect(created.body.data).toMatchObject({
      company1: 'ACME (HK) CO., LTD',
      country_name: '中国',
      type: 'shipper',
    });
    const id = created.body.data.id;
    const en = await call<Envelope<Contact>>(t.app, {
      method: 'GET',
      url: `/api/customer/contact/${id}`,
      headers: as(alice),
      lang: 'en',
    });
    expect(en.body.data.country_name).toBe('China');
    const changed = await call<Envelope<Contact>>(t.app, {
      method: 'PUT',
      url: `/api/customer/contact/${id}`,
      headers: as(alice),
      payload: { ...valid, city: 'KOWLOON' },
    });
    expect(changed.body.data.city).toBe('KOWLOON');
    const found = await list(alice, '?keyword=kowloon');
    expect(found.body.data.total).toBe(1);
    expect((await list(alice, '?keyword=li%40example')).body.data.total).toBe(1);
    expect((await list(alice, '?keyword=%E8%89%BE%E5%85%8B')).body.data.total).toBe(1); // 艾克
  });

  it('offers a booking’s shipper picker shippers and both, its consignee picker consignees and both', async () => {
    const owner = (await register(t.app, registrationForm())).body.data.token;
    for (const type of ['shipper', 'consignee', 'both'])
      expect((await create(owner, { ...valid, type, company1: `PARTY ${type.toUpperCase()}` })).status).toBe(
        200,
      );
    const names = async (query: string) =>
      (await list(owner, query)).body.data.lists.map((c) => c.company1).sort();
    expect(await names('?party=shipper')).toEqual(['PARTY BOTH', 'PARTY SHIPPER']);
    expect(await names('?party=consignee')).toEqual(['PARTY BOTH', 'PARTY CONSIGNEE']);
    expect(await names('?party=consignee&keyword=shipper')).toEqual([]);
    expect(await names('')).toEqual(['PARTY BOTH', 'PARTY CONSIGNEE', 'PARTY SHIPPER']);
    expect((await list(owner, '?party=notify')).status).toBe(400);
  });

  it('never shows or changes another member’s contacts', async () => {
    const id = (await create(alice, { ...valid, linkman: 'PRIVATE PERSON' })).body.data.id;
    expect((await list(bob)).body.data.total).toBe(0);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/customer/contact/${id}`, headers: as(bob) })).status,
    ).toBe(404);
    expect(
      (
        await call(t.app, {
          method: 'PUT',
          url: `/api/customer/contact/${id}`,
          headers: as(bob),
          payload: valid,
        })
      ).status,
    ).toBe(404);
    const del = await call<Envelope>(t.app, {
      method: 'DELETE',
      url: '/api/customer/contact',
      headers: as(bob),
      payload: [id],
    });
    expect(del.status).toBe(404);
    expect(
      (await call(t.app, { method: 'GET', url: `/api/customer/contact/${id}`, headers: as(alice) })).status,
    ).toBe(200);
    expect((await call(t.app, { method: 'GET', url: '/api/customer/contact' })).status).toBe(401);
  });

  it('checks every rule and names each field, in the request language', async () => {
    const reply = await create(
      alice,
      {
        ...valid,
        company1: '艾克米 ACME',
        linkman: '',
        city: 'Zürich',
        phone: 'call me',
        email: 'nope',
        country_id: undefined,
      },
      'en',
    );
    expect(reply.status).toBe(400);
    const byField = Object.fromEntries((reply.body.errors ?? []).map((e) => [e.field, e.message]));
    expect(byField).toEqual({
      company1:
        'Company name (English) may only contain English letters (written in capitals), digits, spaces and common punctuation; no Chinese',
      linkman: 'Contact person is required',
      city: 'City may only contain English letters (written in capitals), digits, spaces and common punctuation; no Chinese',
      phone: 'Phone may only contain digits, spaces, plus signs, hyphens and parentheses',
      email: 'Please enter a valid email address',
      country_id: 'Country is required',
    });
    // Real names pass: & / # ' : % + ; are printable on a B/L; lowercase becomes capitals,
    // and an address may run over two lines.
    const real = await create(
      alice,
      {
        ...valid,
        company1: 'abc trading & co., ltd',
        linkman: "o'neil",
        address1: 'rm 1201/1202, #5 harbour rd;\nwan chai: 100% ok + more',
        city: 'hong kong',
      },
      'en',
    );
    expect(real.status, JSON.stringify(real.body)).toBe(200);
    expect(real.body.data).toMatchObject({
      company1: 'ABC TRADING & CO., LTD',
      linkman: "O'NEIL",
      address1: 'RM 1201/1202, #5 HARBOUR RD;\nWAN CHAI: 100% OK + MORE',
      city: 'HONG KONG',
    });
    const zh = await create(alice, { ...valid, company1: '上海贸易', city: 'CITY\nTWO' }, 'cn');
    expect(zh.body.errors).toEqual([
      {
        field: 'company1',
        message: '英文公司名称只能填写英文（自动转为大写）、数字、空格和常用英文标点，不能包含中文',
      },
      { field: 'city', message: '城市只能填写英文（自动转为大写）、数字、空格和常用英文标点，不能包含中文' },
    ]);
    // An empty phone is only missing, not also badly formed.
    const noPhone = await create(alice, { ...valid, company1: 'NO PHONE LTD', phone: ' ' }, 'en');
    expect(noPhone.body.errors).toEqual([{ field: 'phone', message: 'Phone is required' }]);
    const duplicate = await create(alice, valid, 'en');
    expect(duplicate.status).toBe(409);
  });

  it('deletes in batch, all or nothing', async () => {
    const ids = [];
    for (const name of ['BATCH A', 'BATCH B', 'BATCH C'])
      ids.push((await create(alice, { ...valid, linkman: name })).body.data.id);
    const bobs = (await create(bob, valid)).body.data.id;
    const mixed = await call<Envelope>(t.app, {
      method: 'DELETE',
      url: '/api/customer/contact',
      headers: as(alice),
      payload: { ids: [...ids, bobs] },
    });
    expect(mixed.status).toBe(404);
    expect((await list(alice, '?keyword=batch')).body.data.total).toBe(3);
    const done = await call<Envelope<{ deleted: number }>>(t.app, {
      method: 'DELETE',
      url: '/api/customer/contact',
      headers: as(alice),
      payload: ids,
    });
    expect(done.body.data.deleted).toBe(3);
    expect((await list(alice, '?keyword=batch')).body.data.total).toBe(0);
  });

  it('serves a template in the member language with an example row and the country list', async () => {
    const zh = await t.app.inject({ method: 'GET', url: '/api/customer/contact/template' });
    expect(zh.headers['content-disposition']).toContain('attachment');
    const book = readXlsx(zh.rawPayload);
    expect(book.rows(book.sheets[0] ?? '')[0]).toEqual([
      '类型',
      '英文公司名称',
      '中文公司名称',
      '联系人',
      '英文地址',
      '中文地址',
      '城市',
      '省/州',
      '国家',
      '邮编',
      '电话',
      '邮箱',
    ]);
    expect(book.rows(book.sheets[1] ?? '').length).toBeGreaterThan(240);
    const en = readXlsx(
      (await t.app.inject({ method: 'GET', url: '/api/customer/contact/template?lang=en' })).rawPayload,
    );
    expect(en.rows(en.sheets[0] ?? '')[0]?.[1]).toBe('Company name (English)');
  });

  it('does not import the template’s example row', async () => {
    const file = (await t.app.inject({ method: 'GET', url: '/api/customer/contact/template?lang=en' }))
      .rawPayload;
    const untouched = await upload(alice, file, 'contacts-template-en.xlsx', 'en');
    expect(untouched.status).toBe(400);
    expect(untouched.body.msg).toBe("The file has no data (the template's example row is not imported)");
    expect((await list(alice, '?keyword=ACME%20TRADING')).body.data.total).toBe(0);
  });

  it('imports the filled-in template, and a re-import updates instead of duplicating', async () => {
    const template = readXlsx(
      (await t.app.inject({ method: 'GET', url: '/api/customer/contact/template' })).rawPayload,
    );
    const headers = template.rows(template.sheets[0] ?? '')[0] as string[];
    const rows = [
      headers,
      [
        '发货人',
        'IMPORT ONE LTD',
        '',
        'WANG FANG',
        'NO. 2 ROAD',
        '',
        'NINGBO',
        '',
        'CN',
        '',
        '+86 574 1',
        '',
      ],
      [
        'consignee',
        'IMPORT TWO GMBH',
        '',
        'HANS MUELLER',
        'HAFENSTRASSE 1',
        '',
        'HAMBURG',
        '',
        '德国',
        '20457',
        '+49 40 1',
        'hans@example.de',
      ],
      [
        '',
        'IMPORT THREE INC',
        '',
        'JOHN DOE',
        '1 MAIN ST',
        '',
        'LOS ANGELES',
        'CA',
        'United States',
        '',
        '+1 310 1',
        '',
      ],
    ];
    const first = await upload(alice, xlsx(rows), 'contacts.xlsx');
    expect(first.status).toBe(200);
    expect(first.body.data).toEqual({ created: 3, updated: 0, skipped: 0 });
    const again = await upload(alice, xlsx(rows), 'contacts.xlsx');
    expect(again.body.data).toEqual({ created: 0, updated: 3, skipped: 0 });
    // The example row is skipped (and counted) only when every cell is the example's: one copied
    // down and changed in a single cell is a contact of the member's.
    const example = template.rows(template.sheets[0] ?? '')[1] as string[];
    const copied = [...example];
    copied[10] = '+86 21 6000 0000';
    const withExample = await upload(alice, xlsx([headers, example, copied]), 'contacts.xlsx');
    expect(withExample.status, JSON.stringify(withExample.body)).toBe(200);
    expect(withExample.body.data).toEqual({ created: 1, updated: 0, skipped: 1 });
    expect((await list(alice, '?keyword=ACME%20TRADING')).body.data.lists[0]?.phone).toBe('+86 21 6000 0000');
    const hamburg = (await list(alice, '?keyword=hamburg')).body.data.lists[0];
    expect(hamburg).toMatchObject({ type: 'consignee', country_name: '德国', zip_code: '20457' });
    expect((await list(alice, '?keyword=IMPORT%20THREE')).body.data.lists[0]?.type).toBe('both');
  });

  it('reads CSV in UTF-8 (with or without BOM) and GB18030, and reads formulas as their values', async () => {
    const csv =
      'type,company1,linkman,address1,city,country_id,phone\nshipper,CSV UTF8 LTD,ZHAO LEI,NO. 3 ROAD,XIAMEN,CN,123\n';
    expect(
      (await upload(alice, Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(csv)]), 'c.csv')).body
        .data.created,
    ).toBe(1);
    const gbText =
      '类型,英文公司名称,联系人,英文地址,城市,国家,电话\n发货人,GB18030 LTD,SUN LI,NO. 4 ROAD,QINGDAO,中国,456\n';
    const gbBytes = Buffer.from(encodeGb18030(gbText));
    const gbReply = await upload(alice, gbBytes, 'gb.csv');
    expect(gbReply.status, JSON.stringify(gbReply.body)).toBe(200);
    expect((await list(alice, '?keyword=GB18030')).body.data.lists[0]?.type).toBe('shipper');
    const formula = xlsx([
      ['company1', 'linkman', 'address1', 'city', 'country_id', 'phone'],
      ['FORMULA LTD', 'QIAN', 'NO. 5 ROAD', 'DALIAN', 'CN', { t: 'n', v: 42, f: '6*7' }],
    ]);
    expect((await upload(alice, formula, 'f.xlsx')).status).toBe(200);
    expect((await list(alice, '?keyword=FORMULA')).body.data.lists[0]?.phone).toBe('42');
  });

  it('refuses a sheet with bad rows as a whole and reports every bad row by number and column', async () => {
    const before = (await list(alice)).body.data.total;
    const reply = await upload(
      alice,
      xlsx([
        ['type', 'company1', 'linkman', 'address1', 'city', 'country_id', 'phone'],
        ['shipper', 'GOOD ROW LTD', 'OK', 'NO. 6 ROAD', 'SHENZHEN', 'CN', '1'],
        ['shipper', '坏公司 LTD', 'OK', 'NO. 6 ROAD', 'SHENZHEN', 'Atlantis', '1'],
        ['nobody', 'GOOD TWO', '', 'NO. 6 ROAD', 'SHENZHEN', 'CN', '1'],
      ]),
      'bad.xlsx',
      'en',
    );
    expect(reply.status).toBe(422);
    expect(reply.body.msg).toBe('2 rows have errors; nothing was imported');
    expect(reply.body.rows).toEqual([
      { row: 3, column: 'country_id', message: 'Unknown country: Atlantis (give its code or name)' },
      {
        row: 3,
        column: 'company1',
        message:
          'Company name (English) may only contain English letters (written in capitals), digits, spaces and common punctuation; no Chinese',
      },
      {
        row: 4,
        column: 'type',
        message: 'Unknown type: nobody (allowed: Shipper, Consignee, Shipper and consignee)',
      },
      { row: 4, column: 'linkman', message: 'Contact person is required' },
    ]);
    expect((await list(alice)).body.data.total).toBe(before);
  });

  it('names the allowed types of a bad type cell and reads UK as the United Kingdom', async () => {
    const headers = ['type', 'company1', 'linkman', 'address1', 'city', 'country_id', 'phone'];
    const before = (await list(alice)).body.data.total;
    for (const [lang, message] of [
      ['cn', '类型“通知人”无效，可填：发货人、收货人、发货人和收货人'],
      ['en', 'Unknown type: 通知人 (allowed: Shipper, Consignee, Shipper and consignee)'],
    ] as const) {
      const reply = await upload(
        alice,
        xlsx([
          headers,
          ['通知人', 'NOTIFY PARTY LTD', 'WU', 'NO. 7 ROAD', 'LONDON', 'UK', '1'],
          ['shipper', 'UK OK LTD', 'WU', 'NO. 7 ROAD', 'LONDON', 'UK', '1'],
        ]),
        'types.xlsx',
        lang,
      );
      expect(reply.status).toBe(422);
      // Only the type is wrong: UK is a country the sheet may name.
      expect(reply.body.rows).toEqual([{ row: 2, column: 'type', message }]);
    }
    expect((await list(alice)).body.data.total).toBe(before);
    const good = await upload(
      alice,
      xlsx([headers, ['consignee', 'UK IMPORT LTD', 'WU', 'NO. 7 ROAD', 'LONDON', 'uk', '1']]),
      'uk.xlsx',
    );
    expect(good.status, JSON.stringify(good.body)).toBe(200);
    const listed = (await list(alice, '?keyword=UK%20IMPORT')).body.data.lists[0];
    expect(listed).toMatchObject({ type: 'consignee', country_name: '英国' });
  });

  it('refuses files by content, size, rows and zip bombs', async () => {
    const png = await image('png');
    expect((await upload(alice, png, 'photo.xlsx', 'en')).status).toBe(415);
    expect((await upload(alice, xlsx([['a'], ['b']]), 'renamed.csv')).status).toBe(415);
    const bomb = await upload(alice, zipBomb(80 * 1024 * 1024), 'bomb.xlsx', 'en');
    expect(bomb.status).toBe(413);
    // Refused for what it expands to, and said so (not "the file is too large": it is small).
    expect(bomb.body.msg).toMatch(/^The file expands to more than \d+ MB when opened/);
    const header = ['company1', 'linkman', 'address1', 'city', 'country_id', 'phone'];
    const many = xlsx([
      header,
      ...Array.from({ length: 10_001 }, (_, i) => [`ROW ${i}`, 'A', 'B', 'C', 'CN', '1']),
    ]);
    const tooMany = await upload(alice, many, 'many.xlsx', 'en');
    expect(tooMany.status).toBe(413);
    expect(tooMany.body.msg).toBe('The file has too many rows; at most 10000');
    const noColumns = await upload(
      alice,
      xlsx([
        ['x', 'y'],
        ['1', '2'],
      ]),
      'x.xlsx',
      'en',
    );
    expect(noColumns.status).toBe(400);
    expect(noColumns.body.msg).toMatch(/^Required columns are missing: /);
    const huge = Buffer.alloc(5 * 1024 * 1024 + 10, 0x41);
    expect((await upload(alice, huge, 'huge.csv')).status).toBe(413);
  });
});

/**
 * GB18030 bytes, as Chinese Excel saves a CSV. Node can decode GB18030 but not encode it, so the
 * two-byte codes of the characters used are found by decoding the GBK range once.
 */
function encodeGb18030(text: string): Uint8Array {
  const table: Record<string, number[]> = {};
  const chars = [...new Set([...text].filter((c) => c.charCodeAt(0) > 127))];
  // Decode every two-byte GBK code point once and keep the ones we need.
  const decoder = new TextDecoder('gb18030');
  for (let hi = 0x81; hi <= 0xfe && Object.keys(table).length < chars.length; hi++) {
    for (let lo = 0x40; lo <= 0xfe; lo++) {
      const ch = decoder.decode(new Uint8Array([hi, lo]));
      if (chars.includes(ch) && !table[ch]) table[ch] = [hi, lo];
    }
  }
  const bytes: number[] = [];
  for (const c of text) {
    const code = table[c];
    if (code) bytes.push(...code);
    else bytes.push(...Buffer.from(c, 'utf8'));
  }
  return new Uint8Array(bytes);
}
