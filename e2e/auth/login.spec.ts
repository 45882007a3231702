import type { Browser, Response } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, loginThroughPage, newPage } from '../support/browser';
import { CAPTCHA, DEMO, startPortal, type PortalServer } from '../support/server';
import { openSignedIn, visible } from '../support/steps';

let browser: Browser;
let portal: PortalServer;
beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

describe('login', () => {
  it('returns to the remembered page after logging in (zh-CN)', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await page.goto('/contacts');
    await page.waitForURL('**/login');
    await expect.poll(() => page.getByRole('heading', { name: '会员登录' }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: '忘记密码？' }).getAttribute('href')).toBe(
      '/forget-password',
    );
    expect(await page.getByRole('link', { name: '立即注册' }).getAttribute('href')).toBe('/register');
    await loginThroughPage(page, DEMO.customer, DEMO.password);
    await page.waitForURL('**/contacts');
    await expect.poll(() => page.getByText('登录成功').isVisible()).toBe(true);
    expect(await page.evaluate(() => localStorage.getItem('redirectPath'))).toBeNull();
    await context.close();
  });

  it('shows the failure dialog and a new captcha after a wrong password or captcha (en-US)', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'en-US' });
    let captchas = 0;
    page.on('request', (request) => {
      if (request.url().includes('/api/system/captcha')) captchas += 1;
    });
    await page.goto('/login');
    const captchaButton = page.getByRole('button', { name: "Can't read it? Show another image" });
    await expect.poll(() => captchaButton.isVisible()).toBe(true);
    expect(captchas).toBe(1);

    await page.getByRole('button', { name: 'Log in' }).click();
    await expect.poll(() => page.getByText('Email is required').isVisible()).toBe(true);

    await page.getByLabel('Email').fill(DEMO.customer);
    await page.getByLabel('Password', { exact: true }).fill('wrong-password');
    await page.getByLabel('Captcha').fill(CAPTCHA);
    await page.getByRole('button', { name: 'Log in' }).click();
    // One message, the reason: no title that says "Login failed" above a text that says it again.
    const dialog = page.getByRole('dialog', {
      name: 'Login failed, please check your username and password',
    });
    await visible(dialog);
    expect(
      await dialog
        .getByText(/Login failed/)
        .filter({ visible: true })
        .count(),
    ).toBe(1);
    await expect.poll(() => captchas).toBe(2);
    expect(await page.getByLabel('Captcha').inputValue()).toBe('');
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => dialog.count()).toBe(0);

    await page.getByLabel('Password', { exact: true }).fill(DEMO.password);
    await page.getByLabel('Captcha').fill('nope');
    await page.getByRole('button', { name: 'Log in' }).click();
    const captchaDialog = page.getByRole('dialog', { name: /captcha is wrong or has expired/ });
    await visible(captchaDialog);
    expect(
      await captchaDialog
        .getByText(/Login failed/)
        .filter({ visible: true })
        .count(),
    ).toBe(0);
    await captchaDialog.getByRole('button', { name: 'OK' }).click();
    await expect.poll(() => captchaDialog.count()).toBe(0);

    await captchaButton.click();
    await expect.poll(() => captchas).toBe(4);
    expect(new URL(page.url()).pathname).toBe('/login');
    await context.close();
  });

  it('says a wrong password once, in the dialog’s title (zh-CN)', async () => {
    const { context, page } = await newPage(browser, portal.url, { locale: 'zh-CN' });
    await page.goto('/login');
    await page.getByLabel('邮箱').fill(DEMO.customer);
    await page.getByLabel('密码', { exact: true }).fill('wrong-password');
    await page.getByLabel('验证码').fill(CAPTCHA);
    await page.getByRole('button', { name: /^登\s*录$/ }).click();
    const dialog = page.getByRole('dialog', { name: '登录失败，请检查用户名和密码' });
    await visible(dialog);
    expect(
      await dialog
        .getByText(/登录失败/)
        .filter({ visible: true })
        .count(),
    ).toBe(1);
    await dialog.getByRole('button', { name: /^确\s*定$/ }).click();
    await expect.poll(() => dialog.count()).toBe(0);
    await context.close();
  });

  it('logs out from the header back to /login, with a button that says so (zh-CN and en-US)', async () => {
    for (const [locale, logout] of [
      ['zh-CN', '退出登录'],
      ['en-US', 'Sign out'],
    ] as const) {
      const { context, page } = await newPage(browser, portal.url, { locale, width: 1366 });
      await loginThroughPage(page, DEMO.customer, DEMO.password);
      await page.waitForURL('**/quotes');
      const button = page.getByRole('button', { name: logout });
      // Its name is written on it where the header has room, not only given to screen readers.
      expect((await button.innerText()).trim()).toBe(logout);
      await button.click();
      await page.waitForURL('**/login');
      await visible(page.getByRole('heading', { name: locale === 'zh-CN' ? '会员登录' : 'Member login' }));
      // A deliberate logout is no ended session: the login page says nothing about it.
      expect(await page.getByText(ENDED[locale]).count()).toBe(0);
      expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();
      // A deliberate logout does not remember the page that was left for the next login.
      expect(await page.evaluate(() => localStorage.getItem('redirectPath'))).toBeNull();
      await page.goto('/profile');
      await page.waitForURL('**/login');
      await context.close();
    }
  });
});

describe('Enter before the captcha’s picture has arrived', () => {
  /** A page whose captcha requests wait until `release()`. */
  async function heldCaptcha(locale: 'zh-CN' | 'en-US') {
    const { context, page } = await newPage(browser, portal.url, { locale });
    let release = () => undefined as void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/system/captcha', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto('/login');
    await page.getByLabel(/^(邮箱|Email)$/).fill(DEMO.customer);
    await page.getByLabel(/^(密码|Password)$/).fill(DEMO.password);
    return { context, page, release };
  }
  const TEXT = {
    'zh-CN': { loading: '正在加载验证码图片', type: '请输入图片中的验证码', captcha: '验证码' },
    'en-US': {
      loading: 'Loading the captcha picture',
      type: 'Type the characters in the captcha picture',
      captcha: 'Captcha',
    },
  } as const;

  it('says the picture is loading, then takes the member to the captcha (zh-CN and en-US)', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const { context, page, release } = await heldCaptcha(locale);
      await page.getByLabel(/^(密码|Password)$/).press('Enter');
      await visible(page.getByRole('status').filter({ hasText: TEXT[locale].loading }));
      release();
      await visible(page.getByRole('status').filter({ hasText: TEXT[locale].type }));
      const field = page.getByRole('textbox', { name: TEXT[locale].captcha });
      await expect.poll(() => field.evaluate((element) => element === document.activeElement)).toBe(true);
      await page.keyboard.type(CAPTCHA);
      expect(await page.getByText(TEXT[locale].type).count()).toBe(0);
      await page.keyboard.press('Enter');
      await page.waitForURL((url) => !url.pathname.startsWith('/login'));
      await context.close();
    }
  });

  it('logs in by itself once the picture arrives when everything was typed (en-US)', async () => {
    const { context, page, release } = await heldCaptcha('en-US');
    await page.getByLabel('Captcha').fill(CAPTCHA);
    await page.getByLabel('Captcha').press('Enter');
    await visible(page.getByRole('status').filter({ hasText: TEXT['en-US'].loading }));
    expect(new URL(page.url()).pathname).toBe('/login');
    release();
    await page.waitForURL((url) => !url.pathname.startsWith('/login'));
    await context.close();
  });
});

describe('sign-out button on a phone', () => {
  it('keeps its words in a header that still fits 375 px (en-US and zh-CN)', async () => {
    for (const [locale, logout] of [
      ['en-US', 'Sign out'],
      ['zh-CN', '退出登录'],
    ] as const) {
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: '/quotes',
        locale,
        width: 375,
        height: 740,
      });
      const button = page.getByRole('button', { name: logout });
      await visible(button);
      expect((await button.innerText()).trim()).toBe(logout);
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
      await context.close();
    }
  });
});

const ENDED = {
  'zh-CN': '登录已失效，请重新登录。',
  'en-US': 'Your session has ended. Please sign in again.',
} as const;

describe('a session the server ended', () => {
  it('says so on the login page after a navigation, and returns after login (en-US)', async () => {
    const { context, page, token } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/contacts',
      locale: 'en-US',
    });
    await visible(page.getByRole('heading', { name: 'Contact Management' }));
    // The notification stream closes with the session, and its reconnection would find the ended
    // session by itself; held here, so that this test sees the path of a navigation's request.
    await page.route('**/api/notifications/ticket', () => undefined);
    // Another client (a second tab, a script) logs the same token out.
    const ended = await fetch(`${portal.url}/api/system/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(ended.status).toBe(200);

    await page.getByRole('link', { name: 'My Bookings', exact: true }).click();
    await page.waitForURL('**/login');
    await visible(page.getByRole('alert').filter({ hasText: ENDED['en-US'] }));
    expect(await page.evaluate(() => localStorage.getItem('token'))).toBeNull();

    await loginThroughPage(page, DEMO.customer, DEMO.password);
    await page.waitForURL('**/bookings');
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL('**/login');
    await visible(page.getByRole('heading', { name: 'Member login' }));
    expect(await page.getByText(ENDED['en-US']).count()).toBe(0);
    await context.close();
  });

  it('says so when the app opens with a token that no longer works (zh-CN)', async () => {
    const signedIn = await openSignedIn(browser, portal.url, {
      username: DEMO.forwarder,
      path: '/quotes',
      locale: 'zh-CN',
    });
    const { context, token } = signedIn;
    let page = signedIn.page;
    await visible(page.getByRole('heading', { name: '船期报价' }));
    // The open page would notice the ended session by itself (its notification stream closes) and
    // go to the login page before a reload could; so the app is closed first and opened anew, with
    // the token still in the browser's storage.
    await page.close();
    await fetch(`${portal.url}/api/system/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
    });
    page = await context.newPage();
    // The app's script held back: the refusals of the first requests come before the app runs, as
    // on a slow CPU, and must still lead to the login page that says why.
    let heldBack = 0;
    await page.route(/\/assets\/mount-[\w-]+\.js$/, async (route) => {
      heldBack += 1;
      await new Promise((resolve) => setTimeout(resolve, 1500));
      await route.continue();
    });
    await page.goto(`${portal.url}/quotes`);
    await page.waitForURL('**/login');
    await visible(page.getByRole('alert').filter({ hasText: ENDED['zh-CN'] }));
    expect(heldBack).toBeGreaterThan(0);
    // A visit of its own is no ended session.
    await page.getByRole('link', { name: '立即注册' }).click();
    await visible(page.getByRole('heading', { name: '注册会员' }));
    await page.goBack();
    await visible(page.getByRole('heading', { name: '会员登录' }));
    expect(await page.getByText(ENDED['zh-CN']).count()).toBe(0);
    await context.close();
  });
});

describe('login picture', () => {
  it('paints the port at dusk from the HTML before any script, as WebP, and the page takes it over', async () => {
    for (const [width, region, shellPart] of [
      [1366, 'complementary', '.login-art-panel'],
      [375, 'banner', '.login-art-band'],
    ] as const) {
      // Without scripts: the login page's HTML alone shows the picture (the page's largest paint
      // does not wait seconds for the code on a slow link).
      const bare = await browser.newContext({ javaScriptEnabled: false, viewport: { width, height: 768 } });
      const still = await bare.newPage();
      const pictures: Response[] = [];
      still.on('response', (response) => {
        if (/^\/login-port\./.test(new URL(response.url()).pathname)) pictures.push(response);
      });
      await still.goto(`${portal.url}/login`);
      const shellArt = still.locator(`#page-shell > ${shellPart}`);
      await expect
        .poll(() => shellArt.evaluate((element) => getComputedStyle(element).backgroundImage))
        .toMatch(/image-set\(url\("[^"]*\/login-port\.webp"\)/);
      expect(await still.locator('#page-shell').getAttribute('aria-hidden')).toBe('true');
      await expect.poll(() => pictures.length).toBeGreaterThan(0);
      const webp = pictures[0] as Response;
      expect(new URL(webp.url()).pathname).toBe('/login-port.webp');
      expect(webp.headers()['content-type']).toBe('image/webp');
      expect((await webp.body()).subarray(8, 12).toString('latin1')).toBe('WEBP');
      const shellBox = await shellArt.boundingBox();
      await bare.close();

      // With scripts: the page's own panel (or band) shows the same picture in the same box, and
      // the shell is gone, leaving nothing hidden on top of the form.
      const { context, page } = await newPage(browser, portal.url, { locale: 'en-US', width, height: 768 });
      await page.goto('/login');
      await visible(page.getByRole('heading', { name: 'Member login' }));
      expect(await page.locator('#page-shell').count()).toBe(0);
      const art = page.getByRole(region);
      expect(await art.evaluate((element) => getComputedStyle(element).backgroundImage)).toMatch(
        /image-set\(url\("[^"]*\/login-port\.webp"\)/,
      );
      const box = await art.boundingBox();
      expect(box?.width).toBeCloseTo(shellBox?.width ?? 0, 0);
      expect(box?.height).toBeCloseTo(shellBox?.height ?? 0, 0);
      await page.getByLabel('Email').fill('typed@example.com');
      expect(await page.getByLabel('Email').inputValue()).toBe('typed@example.com');
      await context.close();
    }
    // Other pages get no shell; the fallback for browsers without WebP in image-set() is a JPEG.
    expect(await (await fetch(`${portal.url}/register`)).text()).not.toContain('page-shell');
    const jpeg = await fetch(`${portal.url}/login-port.jpg`);
    expect(jpeg.headers.get('content-type')).toBe('image/jpeg');
    expect([...new Uint8Array(await jpeg.arrayBuffer()).subarray(0, 2)]).toEqual([0xff, 0xd8]);
  });
});
