import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage } from './browser';
import { CAPTCHA, DEMO } from './server';

/** Shared steps of the browser specs: API sign-in, waits, Ant Design gestures and dates. */

export const WAIT = { timeout: 15_000 };
export const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), WAIT).toBe(true);
/**
 * A table's rows that hold data: not its header, nor the placeholder row an empty or still
 * loading table shows (a blank cell, or "No data", which its picture's hidden title repeats).
 */
export const dataRows = (page: Page) =>
  page
    .getByRole('row')
    .filter({ has: page.getByRole('cell').filter({ hasText: /\S/ }) })
    .filter({ hasNotText: /^\s*((No data|暂无数据)\s*)+$/ });
export const gone = (locator: Locator) => expect.poll(() => locator.count(), WAIT).toBe(0);

/** A date `offset` days from today, and its spellings: ISO (Chinese pages) and MM/DD/YYYY (English). */
export const day = (offset: number) => new Date(Date.now() + offset * 86_400_000);
export const iso = (d: Date) => d.toISOString().slice(0, 10);
export const us = (d: Date) =>
  `${String(d.getUTCMonth() + 1).padStart(2, '0')}/${String(d.getUTCDate()).padStart(2, '0')}/${d.getUTCFullYear()}`;

/** Logs in through the API with the fixed e2e captcha and answers the token. */
export async function apiToken(baseURL: string, username: string, password = DEMO.password): Promise<string> {
  const captcha = (await (await fetch(`${baseURL}/api/system/captcha`)).json()) as {
    data: { captcha_id: string };
  };
  const response = await fetch(`${baseURL}/api/system/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password, captcha_id: captcha.data.captcha_id, captcha: CAPTCHA }),
  });
  const body = (await response.json()) as { code: number; msg: string; data: { token: string } };
  if (body.code !== 0) throw new Error(`login of ${username} failed: ${body.msg}`);
  return body.data.token;
}

/**
 * A fresh context in `locale`, signed in as `username` and opened at `path`. The token is stored by
 * an init script before the app starts, so no page of the app runs without it.
 */
export async function openSignedIn(
  browser: Browser,
  baseURL: string,
  options: {
    username: string;
    path: string;
    locale?: 'zh-CN' | 'en-US';
    width?: number;
    height?: number;
    timezoneId?: string;
  },
) {
  const token = await apiToken(baseURL, options.username);
  const opened = await newPage(browser, baseURL, options);
  await opened.context.addInitScript((value) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', value);
  }, token);
  await opened.page.goto(options.path);
  return { ...opened, token };
}

/**
 * Picks an option of a searchable Ant Design select by typing its text and pressing Enter. The
 * option is the one titled `text`, or (ports and carriers) whose title starts with it before its
 * code and country ("Hamburg · DEHAM · Germany").
 */
export async function pick(page: Page, scope: Locator | Page, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  const title = new RegExp(`^${text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}( |$)`);
  await expect.poll(() => page.getByTitle(title).first().isVisible(), WAIT).toBe(true);
  await input.press('Enter');
}

/**
 * Picks an option of a select searched on the server: types `typed` (what the server matches) and
 * clicks the option titled `title` (what the list shows).
 */
export async function pickOption(
  page: Page,
  scope: Locator | Page,
  label: string,
  typed: string,
  title: string,
) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(typed);
  const option = page.getByTitle(title, { exact: true }).filter({ visible: true }).first();
  // The list changes when the server's answer arrives: retry the click on the current option.
  await expect
    .poll(async () => {
      try {
        await option.click({ timeout: 1000 });
        return true;
      } catch {
        return false;
      }
    }, WAIT)
    .toBe(true);
}

/** Types a date (or date and time) into an Ant Design picker and confirms it. */
export async function fillDate(input: Locator, value: string) {
  await input.click();
  await input.fill(value);
  await input.press('Enter');
}

/** Answers an Ant Design confirmation that says `question` by clicking `button`. */
export async function confirm(page: Page, question: string | RegExp, button: string | RegExp) {
  const dialog = page.getByRole('dialog').filter({ hasText: question });
  await visible(dialog);
  // A click that lands while the dialog is still opening can go unheard: click until it closes
  // (Ant Design ignores further clicks while the first one's work is running).
  await expect
    .poll(
      async () => {
        if ((await dialog.count()) === 0) return true;
        await dialog
          .getByRole('button', { name: button })
          .click({ timeout: 1000 })
          .catch(() => undefined);
        return false;
      },
      { timeout: WAIT.timeout, interval: 1000 },
    )
    .toBe(true);
}
