import '../../test-support/setup';
import { type Contact, type ContactRow, type ListData, type Locale, PARTY_LIMITS } from '@freight/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { queryKeys } from '../../api/query-keys';
import { renderWithApp } from '../../test-support/render';
import { ContactFormModal } from './contact-form-modal';
import { ContactsPage } from './contacts-page';

/*
 * Contacts saved before the book took the B/L's lengths: the list marks them with the fields the
 * server names, can show them alone (the address the notification links to), and the form asks for
 * them shortened, with the B/L's lengths as the fields' limits.
 */

const fits: Contact = {
  id: 1,
  type: 'both',
  company1: 'FITS TRADING CO',
  company2: '',
  linkman: 'WANG FANG',
  address1: 'NO. 1 HARBOUR ROAD',
  address2: '',
  city: 'NINGBO',
  province: '',
  country_id: 1,
  country_name: 'China',
  zip_code: '',
  phone: '+86 574 1',
  email: '',
};
const longName = `LONG ${'NAME '.repeat(16)}LTD`;
const legacy: Contact = { ...fits, id: 2, company1: longName, city: 'C'.repeat(PARTY_LIMITS.city + 1) };
const row = (contact: Contact, tooLong: ContactRow['too_long']): ContactRow => ({
  ...contact,
  actions: ['edit', 'delete'],
  too_long: tooLong,
});

/** The contact page at `path`, with both its lists (all, and too long only) answered beforehand. */
async function openPage(locale: Locale, path: string) {
  const list = (lists: ContactRow[]): ListData<ContactRow> => ({ lists, total: lists.length });
  const key = (isTooLong: boolean) => queryKeys.contacts.list('', 1, 10, locale, isTooLong);
  return renderWithApp(<ContactsPage />, {
    locale,
    path,
    route: '/contacts',
    data: [
      [key(false), list([row(fits, []), row(legacy, ['company1', 'city'])])],
      [key(true), list([row(legacy, ['company1', 'city'])])],
    ],
  });
}

describe('contacts too long for a B/L', () => {
  it.each([
    {
      locale: 'en-US' as const,
      tag: 'Too long for a B/L: Company name (English), City',
      only: 'Only contacts too long for a B/L',
      alert: /longer than a B\/L takes, so a booking cannot use them/,
    },
    {
      locale: 'zh-CN' as const,
      tag: '超出提单长度：英文公司名称、城市',
      only: '仅看超出提单长度的联系人',
      alert: /超出提单可容纳的长度，订舱时无法使用/,
    },
  ])('marks them with the fields the server names, and lists them alone ($locale)', async (t) => {
    const user = userEvent.setup();
    await openPage(t.locale, '/contacts');
    const marked = screen.getByRole('row', { name: new RegExp(longName) });
    expect(within(marked).getByText(t.tag)).toBeTruthy();
    expect(within(screen.getByRole('row', { name: /FITS TRADING CO/ })).queryByText(t.tag)).toBeNull();
    expect(screen.queryByText(t.alert)).toBeNull();

    const only = screen.getByRole('checkbox', { name: t.only });
    expect(only).toHaveProperty('checked', false);
    await user.click(only);
    expect(await screen.findByText(t.alert)).toBeTruthy();
    expect(screen.queryByRole('row', { name: /FITS TRADING CO/ })).toBeNull();
    expect(screen.getByRole('row', { name: new RegExp(longName) })).toBeTruthy();
  });

  it('opens filtered from the notification’s link', async () => {
    await openPage('en-US', '/contacts?too_long=1');
    expect(screen.getByRole('checkbox', { name: 'Only contacts too long for a B/L' })).toHaveProperty(
      'checked',
      true,
    );
    expect(screen.queryByRole('row', { name: /FITS TRADING CO/ })).toBeNull();
  });

  it.each([
    {
      locale: 'en-US' as const,
      alert: 'This contact is longer than a B/L takes: shorten Company name (English), City to save it.',
      name: 'Company name (English)',
      error: 'Company name (English) cannot be longer than 70 characters',
    },
    {
      locale: 'zh-CN' as const,
      alert: '该联系人超出提单可容纳的长度：请缩短英文公司名称、城市后保存。',
      name: '英文公司名称',
      error: '英文公司名称不能超过 70 个字符',
    },
  ])('asks for such a contact shortened, within the B/L’s lengths ($locale)', async (t) => {
    const countries = { lists: [{ id: 1, name: 'China', code: 'CN' }], total: 1 };
    await renderWithApp(
      <ContactFormModal contact={legacy} onClose={() => undefined} onSaved={() => undefined} />,
      { locale: t.locale, data: [[queryKeys.reference.list('country', 1000, {}, t.locale), countries]] },
    );
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(t.alert)).toBeTruthy();
    const name = await within(dialog).findByRole('textbox', {
      name: t.name,
      description: (text) => text.startsWith(t.error),
    });
    // The whole stored value, to be shortened; no more may be typed than a B/L takes.
    expect((name as HTMLInputElement).value).toBe(longName);
    expect(name.getAttribute('maxlength')).toBe(String(PARTY_LIMITS.name));
  });

  it('holds every field that goes on a B/L to its length, and no more', async () => {
    await renderWithApp(<ContactFormModal onClose={() => undefined} onSaved={() => undefined} />, {
      locale: 'en-US',
      data: [[queryKeys.reference.list('country', 1000, {}, 'en-US'), { lists: [], total: 0 }]],
    });
    const dialog = await screen.findByRole('dialog');
    const limit = (name: string) => within(dialog).getByRole('textbox', { name }).getAttribute('maxlength');
    expect(limit('Company name (English)')).toBe(String(PARTY_LIMITS.name));
    expect(limit('Address (English)')).toBe(String(PARTY_LIMITS.street));
    expect(limit('City')).toBe(String(PARTY_LIMITS.city));
    expect(limit('Province/State')).toBe(String(PARTY_LIMITS.stateRegion));
    expect(limit('Zip code')).toBe(String(PARTY_LIMITS.postCode));
    expect(limit('Contact person')).toBe(String(PARTY_LIMITS.contactName));
    expect(limit('Phone')).toBe(String(PARTY_LIMITS.phone));
    expect(limit('Email')).toBe(String(PARTY_LIMITS.email));
  });
});
