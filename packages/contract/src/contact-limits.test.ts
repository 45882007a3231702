import { describe, expect, it } from 'vitest';
import { documentPartyInput, PARTY_LIMITS } from './booking-terms.js';
import {
  CONTACT_DOCUMENT_FIELDS,
  CONTACT_PARTY_FIELD_NAMES,
  CONTACT_PARTY_FIELDS,
  type ContactPartyField,
  contactAsParty,
  contactInput,
  contactQuery,
  contactStreet,
  contactTooLong,
} from './contacts.js';
import type { Locale } from './language.js';
import { PARSE_OPTIONS, toFieldErrors } from './validation.js';

/*
 * The contact book takes the B/L's lengths: whatever it saves, a booking can take as its party; what
 * it saved before and is too long, contactTooLong names.
 */

const contact = {
  type: 'shipper',
  company1: 'NINGBO BRIGHT LIGHTING CO., LTD.',
  company2: '宁波明亮照明有限公司',
  linkman: 'LI WEI',
  address1: 'NO. 88 XINQI ROAD',
  address2: '浙江省宁波市北仑区新碶路88号',
  city: 'NINGBO',
  province: 'ZHEJIANG',
  country_id: 1,
  zip_code: '315800',
  phone: '+86 574 8688 0000',
  email: 'li.wei@example.com',
};

/** `length` characters that each field takes (an e-mail stays an e-mail, a phone digits). */
function ofLength(field: ContactPartyField, length: number): string {
  if (field === 'email') return `${'a'.repeat(length - '@example.com'.length)}@example.com`;
  if (field === 'phone') return '1'.repeat(length);
  return 'A'.repeat(length);
}

const stored = (values: Partial<Record<ContactPartyField, string>>) => ({
  company1: contact.company1,
  linkman: contact.linkman,
  address1: contact.address1,
  city: contact.city,
  province: contact.province,
  zip_code: contact.zip_code,
  phone: contact.phone,
  email: contact.email,
  ...values,
});

function errorsOf(value: unknown, locale: Locale) {
  const result = contactInput.safeParse(value, PARSE_OPTIONS);
  return result.success ? [] : toFieldErrors(result.error, locale);
}

describe('the contact book’s lengths are the B/L’s', () => {
  it('holds each field that goes on the B/L to the length of the party field it fills', () => {
    expect(CONTACT_PARTY_FIELDS).toEqual({
      company1: { party: 'party_name', max: PARTY_LIMITS.name },
      address1: { party: 'street', max: PARTY_LIMITS.street },
      city: { party: 'city', max: PARTY_LIMITS.city },
      province: { party: 'state_region', max: PARTY_LIMITS.stateRegion },
      zip_code: { party: 'post_code', max: PARTY_LIMITS.postCode },
      linkman: { party: 'contact_name', max: PARTY_LIMITS.contactName },
      phone: { party: 'phone', max: PARTY_LIMITS.phone },
      email: { party: 'email', max: PARTY_LIMITS.email },
    });
  });

  it.each(CONTACT_PARTY_FIELD_NAMES)(
    'takes %s at its B/L length and refuses one more, naming it',
    (field) => {
      const { max } = CONTACT_PARTY_FIELDS[field];
      const fits = contactInput.parse({ ...contact, [field]: ofLength(field, max) });
      // A contact the book takes is a party a booking takes: nothing is too long.
      expect(contactTooLong(fits)).toEqual([]);
      expect(documentPartyInput.safeParse(contactAsParty(fits, 'CN')).success).toBe(true);

      const long = { ...contact, [field]: ofLength(field, max + 1) };
      expect(errorsOf(long, 'en-US')).toContainEqual({
        field,
        message: expect.stringContaining(`cannot be longer than ${max} characters`),
      });
      expect(errorsOf(long, 'zh-CN')).toContainEqual({
        field,
        message: expect.stringContaining(`不能超过 ${max} 个字符`),
      });
    },
  );

  it('keeps the Chinese name and address, which go on no B/L, at their own lengths', () => {
    const chinese = { ...contact, company2: '公'.repeat(200), address2: '址'.repeat(300) };
    expect(contactInput.safeParse(chinese).success).toBe(true);
    expect(contactInput.safeParse({ ...chinese, company2: '公'.repeat(201) }).success).toBe(false);
  });

  it('counts the address as the one street line the party makes of it', () => {
    const max = PARTY_LIMITS.street;
    // 34 + 34 characters and a line break: 69 typed, 70 on the B/L ("…, …").
    const twoLines = `${'A'.repeat(34)}\n${'B'.repeat(34)}`;
    expect(contactStreet(twoLines)).toBe(`${'A'.repeat(34)}, ${'B'.repeat(34)}`);
    expect(contactInput.safeParse({ ...contact, address1: twoLines }).success).toBe(true);
    // 70 typed, within the length as typed; 71 on the B/L.
    const tooLong = `${'A'.repeat(35)}\n${'B'.repeat(34)}`;
    expect(errorsOf({ ...contact, address1: tooLong }, 'en-US')).toEqual([
      {
        field: 'address1',
        message: `Address (English) cannot be longer than ${max} characters on a B/L, where its lines are joined with ", "`,
      },
    ]);
    expect(errorsOf({ ...contact, address1: tooLong }, 'zh-CN')).toEqual([
      { field: 'address1', message: `英文地址在提单上不能超过 ${max} 个字符（多行地址以“, ”连成一行计算）` },
    ]);
    expect(contactTooLong(stored({ address1: tooLong }))).toEqual([{ field: 'address1', max }]);
    // Longer than the street even as typed: said once, by the length check.
    expect(errorsOf({ ...contact, address1: 'A'.repeat(max + 1) }, 'en-US')).toHaveLength(1);
  });

  it('writes the post code as document text, as the party’s post code is', () => {
    expect(CONTACT_DOCUMENT_FIELDS).toContain('zip_code');
    expect(contactInput.parse({ ...contact, zip_code: 'sw1a 1aa' }).zip_code).toBe('SW1A 1AA');
    expect(errorsOf({ ...contact, zip_code: '邮编' }, 'en-US')[0]?.field).toBe('zip_code');
  });
});

describe('contactTooLong: what of a contact saved before does not fit a B/L', () => {
  it('names every field too long, with its length, and nothing for a contact that fits', () => {
    expect(contactTooLong(stored({}))).toEqual([]);
    const legacy = stored({
      company1: 'A'.repeat(PARTY_LIMITS.name + 1),
      city: 'B'.repeat(PARTY_LIMITS.city + 1),
      email: ofLength('email', PARTY_LIMITS.email + 1),
    });
    expect(contactTooLong(legacy)).toEqual([
      { field: 'company1', max: PARTY_LIMITS.name },
      { field: 'city', max: PARTY_LIMITS.city },
      { field: 'email', max: PARTY_LIMITS.email },
    ]);
    // Exactly what a booking refuses to take from it.
    expect(documentPartyInput.safeParse(contactAsParty(legacy, 'CN')).success).toBe(false);
  });

  it('makes the party a booking takes from a contact', () => {
    expect(contactAsParty({ ...stored({}), address1: 'NO. 88 XINQI ROAD\nBEILUN' }, 'CN')).toEqual({
      party_name: contact.company1,
      street: 'NO. 88 XINQI ROAD, BEILUN',
      city: 'NINGBO',
      state_region: 'ZHEJIANG',
      post_code: '315800',
      country_code: 'CN',
      contact_name: 'LI WEI',
      phone: contact.phone,
      email: contact.email,
    });
  });

  it('is a filter of the contact list, read from its address as too_long=1', () => {
    expect(contactQuery.parse({ too_long: '1' }).too_long).toBe('1');
    expect(contactQuery.safeParse({ too_long: 'yes' }).success).toBe(false);
  });
});
