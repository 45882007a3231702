import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser } from '../support/browser';
import { gone, openSignedIn, pick, visible } from '../support/steps';
import { DEMO, startPortal, type PortalServer } from '../support/server';

let browser: Browser;
let portal: PortalServer;

beforeAll(async () => {
  [browser, portal] = await Promise.all([launchBrowser(), startPortal()]);
});
afterAll(async () => {
  await browser?.close();
  await portal?.stop();
});

const FORWARDER_EN = 'DEMO FORWARDING CO., LTD';
const FORWARDER_ZH = '演示国际货运代理有限公司';

/** Clears a filter with its clear button (a real, labelled button: keyboard users reach it too). */
async function clear(page: Page, name: string) {
  await page.getByRole('button', { name }).click();
}

describe('shipper alliance directory', () => {
  it('lists the demo forwarder, searches by company and filters (English)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/shippers',
      locale: 'en-US',
    });
    await visible(page.getByRole('heading', { name: 'Shipper Alliance' }));
    const card = page.getByRole('article', { name: FORWARDER_EN });
    await visible(card);
    await visible(card.getByText(FORWARDER_ZH));
    expect(await card.getByRole('link', { name: 'forwarder@example.com' }).getAttribute('href')).toBe(
      'mailto:forwarder@example.com',
    );
    expect(await card.getByRole('link', { name: /\+862150000002/ }).getAttribute('href')).toBe(
      'tel:+862150000002',
    );
    await visible(card.getByRole('list', { name: 'Businesses' }).getByText('Full Container Load (FCL)'));
    await visible(card.getByRole('list', { name: 'Ports' }).getByText('Shanghai', { exact: true }));
    await visible(card.getByText('ZHANG WEI'));

    await page.getByLabel('Company name').fill('forwarding');
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByRole('article', { name: FORWARDER_EN }));

    await page.getByLabel('Company name').fill('NO SUCH COMPANY XYZ');
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByText('No forwarders found'));
    await gone(page.getByRole('article'));

    await page.getByLabel('Company name').fill('');
    await page.getByRole('button', { name: 'Search' }).click();
    await visible(page.getByRole('article', { name: FORWARDER_EN }));

    // A dropdown re-queries at once, without pressing Search: of the demo forwarders, only the one
    // in Xiamen keeps a warehouse.
    await pick(page, page, 'Main business', 'Warehousing');
    await visible(page.getByRole('article', { name: 'XIAMEN SILK ROAD SUPPLY CHAIN CO., LTD' }));
    await gone(page.getByRole('article', { name: FORWARDER_EN }));
    expect(await page.getByRole('article').count()).toBe(1);
    await clear(page, 'Clear Main business');
    await visible(page.getByRole('article', { name: FORWARDER_EN }));
    await pick(page, page, 'Main business', 'Full Container Load (FCL)');
    await visible(page.getByRole('article', { name: FORWARDER_EN }));
    await pick(page, page, 'Main port', 'Rotterdam');
    await visible(page.getByText('No forwarders found'));
    await context.close();
  });

  it('opens the detail dialog from the card and from the Detail button (Chinese)', async () => {
    const { context, page } = await openSignedIn(browser, portal.url, {
      username: DEMO.customer,
      path: '/shippers',
      locale: 'zh-CN',
    });
    await visible(page.getByRole('heading', { name: '货代联盟' }));
    // A Chinese reader knows the company by its Chinese name: it heads the card.
    const card = page.getByRole('article', { name: FORWARDER_ZH });
    await visible(card);
    await visible(card.getByText(FORWARDER_EN));

    await card.getByRole('button', { name: `详情：${FORWARDER_ZH}` }).click();
    const dialog = page.getByRole('dialog', { name: '货代详情' });
    await visible(dialog);
    for (const [label, value] of [
      ['中文名称', FORWARDER_ZH],
      ['英文名称', FORWARDER_EN],
      ['联系人', 'ZHANG WEI'],
      ['电话', '+862150000002'],
      ['登录邮箱', 'forwarder@example.com'],
      ['英文地址', 'NO. 8 WAIMA ROAD, HUANGPU'],
    ]) {
      await visible(
        dialog
          .getByRole('row')
          .filter({ hasText: label })
          .getByText(value as string, { exact: true }),
      );
    }
    await visible(dialog.getByText(/DEMO FORWARDING books FCL and LCL space/));
    await visible(dialog.getByRole('list', { name: '主营业务' }).getByText('整箱'));
    await visible(dialog.getByRole('list', { name: '主营港口' }).getByText('上海'));
    await visible(dialog.getByRole('list', { name: '主营航线' }));
    await dialog.getByRole('button', { name: /Close|关闭/ }).click();
    await gone(page.getByRole('dialog', { name: '货代详情' }));

    await card.getByText(FORWARDER_EN).click();
    await visible(page.getByRole('dialog', { name: '货代详情' }));
    await context.close();
  });

  it('puts each reader’s language first, and the Search button after every filter', async () => {
    for (const locale of ['zh-CN', 'en-US'] as const) {
      const zh = locale === 'zh-CN';
      const { context, page } = await openSignedIn(browser, portal.url, {
        username: DEMO.customer,
        path: '/shippers',
        locale,
        width: 1366,
      });
      const card = page.getByRole('article', { name: zh ? FORWARDER_ZH : FORWARDER_EN });
      await visible(card);
      // The card: the name in the reader's language, the other name, then whom to call, then tags.
      const text = await card.innerText();
      const at = (part: string) => text.indexOf(part);
      const [main, other] = zh ? [FORWARDER_ZH, FORWARDER_EN] : [FORWARDER_EN, FORWARDER_ZH];
      expect(at(main)).toBeGreaterThanOrEqual(0);
      expect(at(main)).toBeLessThan(at(other));
      expect(at(other)).toBeLessThan(at('ZHANG WEI'));
      expect(at('ZHANG WEI')).toBeLessThan(at(zh ? '整箱' : 'Full Container Load (FCL)'));

      // The dialog: names, addresses and profile in the reader's language first.
      await card
        .getByRole('button', { name: zh ? `详情：${FORWARDER_ZH}` : `Detail: ${FORWARDER_EN}` })
        .click();
      const dialog = page.getByRole('dialog');
      await visible(dialog);
      const rows = await dialog.getByRole('row').allInnerTexts();
      const row = (label: string) => rows.findIndex((r) => r.startsWith(label));
      const [company2, company1, address2, address1] = zh
        ? ['中文名称', '英文名称', '中文地址', '英文地址']
        : ['Chinese name', 'English name', 'Chinese address', 'English address'];
      if (zh) {
        expect(row(company2)).toBeLessThan(row(company1));
        expect(row(address2)).toBeLessThan(row(address1));
      } else {
        expect(row(company1)).toBeLessThan(row(company2));
        expect(row(address1)).toBeLessThan(row(address2));
      }
      const profile = await dialog.innerText();
      const english = profile.indexOf('DEMO FORWARDING books');
      const chinese = profile.indexOf('演示国际货运代理有限公司为');
      expect(english).toBeGreaterThanOrEqual(0);
      expect(chinese).toBeGreaterThanOrEqual(0);
      expect(zh ? chinese < english : english < chinese).toBe(true);
      await page.keyboard.press('Escape');

      // The Search button ends the filter row, after the dropdowns.
      const filters = page.getByRole('search');
      const order = await filters.evaluate((form) =>
        Array.from(form.querySelectorAll('button, input')).map(
          (el) => el.getAttribute('aria-label') ?? el.textContent?.replace(/\s/g, '') ?? '',
        ),
      );
      const search = order.indexOf(zh ? '搜索' : 'Search');
      expect(search).toBeGreaterThan(order.indexOf(zh ? '主营航线' : 'Main route'));
      await context.close();
    }
  });
});
