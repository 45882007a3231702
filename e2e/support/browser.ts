import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { CAPTCHA } from './server';

/** Debian's Chromium with the flags this machine needs (no sandbox as root, no background networking). */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: [
      '--headless',
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
      '--no-first-run',
    ],
  });
}

/** The pages a test has open, for the report of a failed test (see `e2e/support/report.ts`). */
export const openPages = new Set<Page>();

/** A fresh context (its own local storage) in the given browser language and window size. */
export async function newPage(
  browser: Browser,
  baseURL: string,
  options: { locale?: string; width?: number; height?: number; timezoneId?: string } = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    baseURL,
    locale: options.locale ?? 'zh-CN',
    // The portal's people work in Shanghai: pages are looked at in their zone unless a test says.
    timezoneId: options.timezoneId ?? 'Asia/Shanghai',
    viewport: { width: options.width ?? 1280, height: options.height ?? 800 },
  });
  context.setDefaultTimeout(15_000);
  // Every page of the context, the first and any a test opens later, is in the failure report.
  context.on('page', (page) => {
    openPages.add(page);
    page.on('close', () => openPages.delete(page));
  });
  const page = await context.newPage();
  return { context, page };
}

/**
 * Logs in through the login page (labels in either language) with the fixed e2e captcha and
 * waits until the app has left /login.
 */
export async function loginThroughPage(page: Page, username: string, password: string): Promise<void> {
  if (!page.url().includes('/login')) await page.goto('/login');
  await page.getByLabel(/邮箱|Email/).fill(username);
  await page.getByLabel(/^(密码|Password)$/).fill(password);
  await page.getByLabel(/验证码|Captcha/).fill(CAPTCHA);
  await page.getByRole('button', { name: /^(登\s*录|Log in)$/ }).click();
  await page.waitForURL((url) => !url.pathname.startsWith('/login'));
}
