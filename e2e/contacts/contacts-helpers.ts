import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { DEMO, type PortalServer } from '../support/server';
import { firstSheetRows } from '../support/sheets';
import { openSignedIn } from '../support/steps';

export { apiToken, dataRows, gone, openSignedIn, pick, visible, WAIT } from '../support/steps';

/** Shared steps of the contact-book specs: data made through the API, and the contact page. */

let counter = 0;
/** A company name no other test uses (uppercase, as the contact rules require). */
export const unique = (prefix: string) =>
  `${prefix} ${Date.now().toString(36).toUpperCase()}${(counter += 1)}`;

export const row = (page: Page, text: string) => page.getByRole('row').filter({ hasText: text });

async function countryId(portal: PortalServer, token: string, name: string): Promise<number> {
  const response = await fetch(`${portal.url}/api/country?page=1&size=1000`, {
    headers: { authorization: `Bearer ${token}`, lang: 'en' },
  });
  const body = (await response.json()) as { data: { lists: { id: number; name: string }[] } };
  const found = body.data.lists.find((country) => country.name === name);
  if (!found) throw new Error(`no country ${name}`);
  return found.id;
}

/** Adds a consignee through the API (test data for list, delete and isolation checks). */
export async function addContact(portal: PortalServer, token: string, company1: string): Promise<number> {
  const response = await fetch(`${portal.url}/api/customer/contact`, {
    method: 'POST',
    headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      type: 'consignee',
      company1,
      linkman: 'JOHN DOE',
      address1: '1 HARBOUR ROAD',
      city: 'HAMBURG',
      country_id: await countryId(portal, token, 'Germany'),
      phone: '+49 40 123456',
      email: 'john.doe@example.com',
    }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { data: { id: number } }).data.id;
}

/** The import template's header row, as the server writes it in the given language. */
export async function templateHeaders(
  portal: PortalServer,
  token: string,
  lang: 'cn' | 'en',
): Promise<string[]> {
  const response = await fetch(`${portal.url}/api/customer/contact/template`, {
    headers: { authorization: `Bearer ${token}`, lang },
  });
  expect(response.status).toBe(200);
  const rows = firstSheetRows(new Uint8Array(await response.arrayBuffer()));
  return (rows[0] ?? []).map(String);
}

/** A fresh browser context in `locale`, signed in as `user`, on the contact page. */
export function openContacts(
  browser: Browser,
  portal: PortalServer,
  locale: 'zh-CN' | 'en-US',
  user: string = DEMO.customer,
) {
  return openSignedIn(browser, portal.url, { username: user, path: '/contacts', locale });
}

/** Picks a file through the import dialog's drop zone (a button), as a user would. */
export async function chooseFile(page: Page, dialog: Locator, file: string) {
  const chooser = page.waitForEvent('filechooser');
  await dialog.getByRole('button', { name: /Choose file|选择文件/ }).click();
  await (await chooser).setFiles(file);
}
