import type { Browser, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { newPage } from './browser';
import { CAPTCHA, DEMO } from './server';

/** Shared steps of the browser specs: API sign-in, waits, Ant Design gestures and dates. */

export const WAIT = { timeout: 15_000 };
export const visible = (locator: Locator) => expect.poll(() => locator.first().isVisible(), WAIT).toBe(true);
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
  options: { username: string; path: string; locale?: 'zh-CN' | 'en-US'; width?: number; height?: number },
) {
  const token = await apiToken(baseURL, options.username);
  const opened = await newPage(browser, baseURL, options);
  await opened.context.addInitScript((value) => {
    if (!localStorage.getItem('token')) localStorage.setItem('token', value);
  }, token);
  await opened.page.goto(options.path);
  return { ...opened, token };
}

/** Picks an option of a searchable Ant Design select by typing its text and pressing Enter. */
export async function pick(page: Page, scope: Locator | Page, label: string, text: string) {
  const input = scope.getByLabel(label, { exact: true });
  await input.click();
  await input.fill(text);
  await expect.poll(() => page.getByTitle(text, { exact: true }).first().isVisible(), WAIT).toBe(true);
  await input.press('Enter');
}
