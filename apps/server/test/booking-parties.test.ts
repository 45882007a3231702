import type { BookingForm, ListData } from '@freight/contract';
import { expect, it } from 'vitest';
import { contacts } from '../src/db/schema.js';
import { dedupeKey } from '../src/modules/contacts/service.js';
import { contactBody } from './fixtures.js';
import { describeEachDatabase } from './helpers.js';
import { bookingSuite } from './booking-suite.js';

/*
 * The booking's parties as the documents print them: typed or taken from the contact book (and
 * never written back), a consignee to order with two notify parties, parties left for the SI,
 * the booking contact; read by both sides, traced, copied and printed on the booking note.
 */

describeEachDatabase('booking parties', (kind) => {
  const { suite, api, ok, plain, noteText, lastActivity } = bookingSuite(kind);

  const base = plain;
  const bank = { party_name: 'to order of bank of china shanghai branch', bl_text: '' };
  const notify = (name: string) => ({
    party_name: name,
    street: '1 Coolsingel',
    city: 'Rotterdam',
    country_code: 'nl',
    contact_name: 'Jan de Vries',
    phone: '+31 10 123 4567',
  });
  const toOrder = () => ({
    ...base(),
    consignee_id: null,
    consignee_party: bank,
    notify_parties: [notify('Rotterdam Importers BV'), notify('Second Notify BV')],
    booking_contact: { name: '李经理', phone: '+86 21 5555 0000', email: 'Ops@Example.com' },
  });

  it('keeps a TO ORDER booking with two notify parties, for the member and its forwarder', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', toOrder()));
    const expected = {
      consignee_id: null,
      consignee_party: {
        party_name: 'TO ORDER OF BANK OF CHINA SHANGHAI BRANCH',
        street: '',
        country_code: '',
      },
      consignee_is_notify: false,
      notify_parties: [
        {
          party_name: 'ROTTERDAM IMPORTERS BV',
          city: 'ROTTERDAM',
          country_code: 'NL',
          contact_name: 'JAN DE VRIES',
        },
        { party_name: 'SECOND NOTIFY BV' },
      ],
      booking_contact: { name: '李经理', phone: '+86 21 5555 0000', email: 'ops@example.com' },
      // The shipper chosen from the book, as its contact read when saved.
      shipper_party: {
        party_name: 'SHIPPER TRADING CO., LTD',
        street: 'NO. 1 HARBOUR ROAD',
        city: 'NINGBO',
        contact_name: 'WANG FANG',
        email: 'shipper@example.com',
      },
    };
    expect(b).toMatchObject(expected);
    expect(b.shipper_party?.country_code).toMatch(/^[A-Z]{2}$/);
    expect(ok(await api('fwd', 'GET', `/api/forwarder/order/${b.id}`))).toMatchObject(expected);
    expect(ok(await api<BookingForm>('member', 'GET', `/api/order/booking/${b.id}`))).toMatchObject(expected);
    expect((await api('other', 'GET', `/api/order/${b.id}`)).status).toBe(404);
  });

  it('asks a TO ORDER consignee for a notify party on submit, and refuses it as its own notify party', async () => {
    const body = { ...toOrder(), notify_parties: [] };
    const en = await api('member', 'POST', '/api/order/booking?submit=true', body, 'en');
    expect(en.status).toBe(422);
    expect(JSON.stringify(en.body)).toContain('Notify party is required when the consignee is TO ORDER');
    const cn = await api('member', 'POST', '/api/order/booking?submit=true', body, 'cn');
    expect(JSON.stringify(cn.body)).toContain('notify_parties');
    const draft = ok(await api('member', 'POST', '/api/order/booking', body));
    const submit = await api('member', 'POST', `/api/order/${draft.id}/submit`, undefined, 'en');
    expect(submit.status).toBe(422);
    expect(JSON.stringify(submit.body)).toContain('notify_parties');
    const own = await api(
      'member',
      'POST',
      '/api/order/booking',
      { ...body, consignee_is_notify: true },
      'en',
    );
    expect(own.status).toBe(400);
    expect(JSON.stringify(own.body)).toContain('consignee_is_notify');
  });

  it('takes a booking without shipper and consignee, left for the shipping instructions', async () => {
    const b = ok(
      await api('member', 'POST', '/api/order/booking?submit=true', {
        ...base(),
        shipper_id: null,
        consignee_id: null,
      }),
    );
    expect(b).toMatchObject({
      shipper_id: null,
      shipper_party: null,
      consignee_party: null,
      notify_parties: [],
    });
    const text = await noteText(b.id, 'cn');
    expect(text).toContain('发货人随补料提供');
    // An empty notify party is not read as "same as consignee".
    expect(text).not.toContain('同收货人');
  });

  it('never writes a typed party into the contact book, and keeps a chosen one as it was', async () => {
    const before = ok(await api<ListData<unknown>>('member', 'GET', '/api/customer/contact')).total;
    const typed = { ...notify('Typed Shipper Ltd'), street: '9 Typed Road' };
    const b = ok(
      await api('member', 'POST', '/api/order/booking?submit=true', { ...toOrder(), shipper_party: typed }),
    );
    expect(b.shipper_party).toMatchObject({ party_name: 'TYPED SHIPPER LTD', street: '9 TYPED ROAD' });
    expect(ok(await api<ListData<unknown>>('member', 'GET', '/api/customer/contact')).total).toBe(before);
    // The chosen shipper's contact changes later: the booking keeps what it was booked with.
    const chosen = ok(await api('member', 'POST', '/api/order/booking?submit=true', toOrder()));
    ok(
      await api('member', 'PUT', `/api/customer/contact/${suite.contact.shipper}`, {
        ...contactBody('shipper'),
        city: 'SHANGHAI',
      }),
    );
    expect(ok(await api('member', 'GET', `/api/order/${chosen.id}`)).shipper_party?.city).toBe('NINGBO');
    ok(await api('member', 'PUT', `/api/customer/contact/${suite.contact.shipper}`, contactBody('shipper')));
  });

  it('holds parties to DCSA’s lengths and the B/L block, naming the field', async () => {
    const cases: [object, string, string][] = [
      [{ shipper_party: { party_name: 'X'.repeat(71) } }, 'shipper_party.party_name', ''],
      [
        { shipper_party: { party_name: 'A', bl_text: 'A\nB\nC\nD\nE\nF' } },
        'shipper_party.bl_text',
        'at most 5 lines',
      ],
      [
        { shipper_party: { party_name: 'A', bl_text: 'Y'.repeat(36) } },
        'shipper_party.bl_text',
        'longer than 35',
      ],
      [{ notify_parties: [notify('A'), notify('B'), notify('C'), notify('D')] }, 'notify_parties', ''],
      [
        { shipper_party: { party_name: 'A', country_code: 'XX' } },
        'shipper_party.country_code',
        'country code',
      ],
    ];
    for (const [bad, field, words] of cases) {
      const reply = await api('member', 'POST', '/api/order/booking', { ...toOrder(), ...bad }, 'en');
      expect(reply.status, field).toBe(400);
      expect(JSON.stringify(reply.body)).toContain(`"${field}"`);
      expect(JSON.stringify(reply.body)).toContain(words);
    }
    // A contact written before the book took these lengths (which the book now refuses, so it is
    // written straight into the table) is named where it was chosen.
    const body = { ...contactBody('long', 'shipper'), company1: `LONG ${'NAME '.repeat(16)}LTD` };
    expect((await api('member', 'POST', '/api/customer/contact', body)).status).toBe(400);
    const [written] = await suite.t.database.db
      .insert(contacts)
      .values({
        companyId: suite.users.member?.id ?? 0,
        type: body.type,
        company1: body.company1,
        linkman: body.linkman,
        address1: body.address1,
        city: body.city,
        countryId: body.country_id,
        phone: body.phone,
        email: body.email,
        dedupeKey: dedupeKey(body),
      })
      .returning({ id: contacts.id });
    const long = written?.id ?? 0;
    const reply = await api('member', 'POST', '/api/order/booking', { ...base(), shipper_id: long }, 'en');
    expect(reply.status).toBe(400);
    expect(JSON.stringify(reply.body)).toContain('shipper_id');
    expect(JSON.stringify(reply.body)).toContain('longer than a B/L takes');
  });

  it('traces a change of the notify parties, and a copy keeps the parties', async () => {
    const draft = ok(await api('member', 'POST', '/api/order/booking', toOrder()));
    ok(
      await api('member', 'PUT', `/api/order/booking/${draft.id}`, {
        ...toOrder(),
        notify_parties: [notify('Only One BV')],
      }),
    );
    expect(await lastActivity()).toMatchObject({
      action: 'update',
      object_id: draft.id,
      fields: ['notify_parties'],
    });
    const copy = ok(await api('member', 'POST', `/api/order/${draft.id}/copy`));
    expect(copy).toMatchObject({
      consignee_party: { party_name: 'TO ORDER OF BANK OF CHINA SHANGHAI BRANCH' },
      notify_parties: [{ party_name: 'ONLY ONE BV' }],
      booking_contact: { name: '李经理' },
    });
  });

  it('prints the parties on the booking note: the B/L blocks, each notify party, the booking contact', async () => {
    const b = ok(await api('member', 'POST', '/api/order/booking?submit=true', toOrder()));
    for (const [lang, words] of [
      [
        'cn',
        [
          'TOORDEROFBANKOFCHINASHANGHAIBRANCH',
          '通知人1ROTTERDAMIMPORTERSBV1COOLSINGELROTTERDAMNLTEL:+31101234567',
          '通知人2SECONDNOTIFYBV',
          '订舱联系人李经理',
        ],
      ],
      ['en', ['Notifyparty1ROTTERDAMIMPORTERSBV', 'Bookingcontact李经理+862155550000ops@example.com']],
    ] as const) {
      const text = await noteText(b.id, lang);
      for (const word of words) expect(text).toContain(word);
    }
  });
});
