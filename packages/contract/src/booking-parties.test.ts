import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  blText,
  blTextProblem,
  documentPartiesInput,
  documentPartyInput,
  isToOrder,
  partyBlText,
  partyProblems,
  wrapBlText,
} from './booking-terms.js';
import type { Locale } from './language.js';
import { PARSE_OPTIONS, toFieldErrors } from './validation.js';

function errorsOf(schema: z.ZodType, value: unknown, locale: Locale = 'en-US') {
  const result = schema.safeParse(value, PARSE_OPTIONS);
  return result.success ? [] : toFieldErrors(result.error, locale);
}

const shipper = {
  party_name: 'Ningbo Bright Lighting Co., Ltd.',
  street: 'No. 88 Xinqi Road, Beilun District',
  city: 'Ningbo',
  post_code: '315800',
  country_code: 'cn',
  contact_name: 'Li Wei',
  phone: '+86 574 8688 0000',
  email: 'Li.Wei@Example.com',
};

describe('a party as documents print it', () => {
  it('is upper-case document text within DCSA’s lengths', () => {
    expect(documentPartyInput.parse(shipper)).toEqual({
      party_name: 'NINGBO BRIGHT LIGHTING CO., LTD.',
      street: 'NO. 88 XINQI ROAD, BEILUN DISTRICT',
      city: 'NINGBO',
      post_code: '315800',
      state_region: '',
      country_code: 'CN',
      contact_name: 'LI WEI',
      phone: '+86 574 8688 0000',
      email: 'li.wei@example.com',
      bl_text: '',
    });
    const tooLong = {
      party_name: 'N'.repeat(71),
      street: 'S'.repeat(71),
      city: 'C'.repeat(36),
      post_code: '12345678901',
      contact_name: 'P'.repeat(36),
      phone: '1'.repeat(31),
      email: `${'e'.repeat(95)}@x.com`,
    };
    expect(errorsOf(documentPartyInput, tooLong).map((e) => e.field)).toEqual([
      'party_name',
      'street',
      'city',
      'post_code',
      'contact_name',
      'phone',
      'email',
    ]);
    expect(errorsOf(documentPartyInput, { party_name: 'A', city: 'C'.repeat(36) })[0]?.message).toBe(
      'City cannot be longer than 35 characters',
    );
  });

  it('needs a name, an ISO country, and no Chinese', () => {
    expect(errorsOf(documentPartyInput, {})[0]).toEqual({ field: 'party_name', message: 'Name is required' });
    expect(errorsOf(documentPartyInput, { party_name: 'A', country_code: 'XX' })[0]?.field).toBe(
      'country_code',
    );
    expect(errorsOf(documentPartyInput, { party_name: '宁波光明照明' })[0]?.field).toBe('party_name');
  });

  it('is complete with a whole address and a reachable contact, or with a name only', () => {
    const parsed = documentPartyInput.parse(shipper);
    expect(partyProblems(parsed)).toEqual([]);
    expect(partyProblems(documentPartyInput.parse({ party_name: 'TO ORDER' }))).toEqual([]);
    const partial = documentPartyInput.parse({ party_name: 'A', city: 'NINGBO', contact_name: 'LI WEI' });
    expect(partyProblems(partial).map((p) => [p.field, p.key])).toEqual([
      ['street', 'bookingTerms.addressIncomplete'],
      ['country_code', 'bookingTerms.addressIncomplete'],
      ['phone', 'bookingTerms.contactNeedsPhoneOrEmail'],
    ]);
    expect(partyProblems(partial, { submit: false })).toEqual([]);
    const nameless = documentPartyInput.parse({ party_name: 'A', email: 'a@b.cn' });
    expect(partyProblems(nameless, { at: ['shipper'] })).toEqual([
      { field: 'shipper.contact_name', key: 'validation.required', params: {} },
    ]);
  });
});

describe('B/L text', () => {
  const five = [
    'ABC TRADING CO., LTD.',
    'ROOM 1201, 88 CENTURY AVENUE',
    'PUDONG, SHANGHAI 200120',
    'CHINA',
    'TEL 86-21-5888 0000',
  ];

  it('takes at most five lines of 35 characters, naming the line too long', () => {
    expect(blText.parse(five.join('\r\n').toLowerCase() + '\n\n')).toBe(five.join('\n'));
    expect(blTextProblem(five.join('\n'))).toBeNull();
    expect(blTextProblem([...five, 'MORE'].join('\n'))).toEqual({
      field: 'bl_text',
      key: 'bookingTerms.blTextLines',
      params: { max: 5 },
    });
    const wide = ['ABC TRADING CO., LTD.', 'X'.repeat(36)].join('\n');
    expect(blTextProblem(wide, { at: ['consignee'] })).toEqual({
      field: 'consignee.bl_text',
      key: 'bookingTerms.blTextWidth',
      params: { line: 2, max: 35 },
    });
    expect(errorsOf(documentPartyInput, { party_name: 'A', bl_text: wide })).toEqual([
      { field: 'bl_text', message: 'B/L text: line 2 is longer than 35 characters' },
    ]);
    expect(
      errorsOf(documentPartyInput, { party_name: 'A', bl_text: [...five, 'X'].join('\n') }, 'zh-CN'),
    ).toEqual([{ field: 'bl_text', message: '提单显示内容最多 5 行' }]);
  });

  it('wraps text to B/L lines word by word, cutting only a word longer than a line', () => {
    const lines = wrapBlText('NO. 88 XINQI ROAD, BEILUN DISTRICT, NINGBO, ZHEJIANG 315800, CHINA');
    expect(lines).toEqual(['NO. 88 XINQI ROAD, BEILUN DISTRICT,', 'NINGBO, ZHEJIANG 315800, CHINA']);
    for (const line of lines) expect(line.length).toBeLessThanOrEqual(35);
    expect(wrapBlText(`A ${'B'.repeat(40)} C`)).toEqual(['A', 'B'.repeat(35), 'BBBBB C']);
    expect(wrapBlText('ONE\n\n  TWO  THREE', 9)).toEqual(['ONE', 'TWO THREE']);
    expect(wrapBlText('')).toEqual([]);
  });

  it('composes a party’s block from its fields', () => {
    expect(partyBlText(documentPartyInput.parse(shipper))).toBe(
      [
        'NINGBO BRIGHT LIGHTING CO., LTD.',
        'NO. 88 XINQI ROAD, BEILUN DISTRICT',
        'NINGBO 315800 CN',
        'TEL: +86 574 8688 0000',
      ].join('\n'),
    );
  });
});

describe('the parties together', () => {
  const bank = { party_name: 'TO ORDER OF BANK OF CHINA, NINGBO BRANCH' };
  const notify = {
    party_name: 'Hamburg Imports GmbH',
    street: 'Am Sandtorkai 1',
    city: 'Hamburg',
    country_code: 'DE',
  };

  it('knows a consignee made out to order', () => {
    expect(
      ['TO ORDER', 'to order of shipper', 'TO THE ORDER OF HSBC', 'TO  ORDER'].map((n) =>
        isToOrder({ party_name: n }),
      ),
    ).toEqual([true, true, true, true]);
    expect(
      ['TORONTO ORDERS LTD', 'ORDER OF MERIT', 'TO ORDER OF'].map((n) => isToOrder({ party_name: n })),
    ).toEqual([false, false, false]);
    expect(isToOrder({ party_name: 'BANK', bl_text: 'TO ORDER OF BANK\nNINGBO' })).toBe(true);
    expect(isToOrder(null)).toBe(false);
  });

  it('may leave shipper and consignee for the SI, as DCSA does', () => {
    expect(documentPartiesInput.parse({})).toEqual({
      shipper: null,
      consignee: null,
      consignee_is_notify: false,
      notify_parties: [],
    });
  });

  it('needs a notify party for a TO ORDER consignee, which cannot itself be the notify party', () => {
    expect(errorsOf(documentPartiesInput, { consignee: bank })).toEqual([
      { field: 'notify_parties', message: 'Notify party is required when the consignee is TO ORDER' },
    ]);
    expect(errorsOf(documentPartiesInput, { consignee: bank }, 'zh-CN')[0]?.message).toBe(
      '收货人为 TO ORDER 时须填写通知人',
    );
    expect(
      errorsOf(documentPartiesInput, { consignee: bank, notify_parties: [notify, { party_name: 'AGENT' }] }),
    ).toEqual([]);
    expect(
      errorsOf(documentPartiesInput, {
        consignee: bank,
        consignee_is_notify: true,
        notify_parties: [notify],
      }),
    ).toEqual([
      {
        field: 'consignee_is_notify',
        message: 'Notify party same as consignee cannot be chosen for a TO ORDER consignee',
      },
    ]);
  });

  it('takes "same as consignee" only with a consignee, and at most three notify parties', () => {
    expect(errorsOf(documentPartiesInput, { consignee_is_notify: true })).toEqual([
      {
        field: 'consignee',
        message: 'Consignee is required when the notify party is the same as the consignee',
      },
    ]);
    expect(errorsOf(documentPartiesInput, { consignee: notify, consignee_is_notify: true })).toEqual([]);
    expect(errorsOf(documentPartiesInput, { notify_parties: Array(4).fill(notify) })[0]?.field).toBe(
      'notify_parties',
    );
  });

  it('names an incomplete party by its path', () => {
    expect(
      errorsOf(documentPartiesInput, {
        consignee: bank,
        notify_parties: [{ party_name: 'X', city: 'HAMBURG' }],
      }),
    ).toEqual([
      {
        field: 'notify_parties.0.street',
        message: 'Street (row 1) is required: an address needs its street, city and country',
      },
      {
        field: 'notify_parties.0.country_code',
        message: 'Country code (row 1) is required: an address needs its street, city and country',
      },
    ]);
  });
});
