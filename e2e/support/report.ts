import { afterEach } from 'vitest';
import { openPages } from './browser';

/**
 * When a browser test fails, prints where each of its open pages is and what it shows: a failed
 * locator names what it waited for, not the page it found instead (a login page, an error screen).
 */
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  for (const page of openPages) {
    const text = await page
      .locator('body')
      .innerText({ timeout: 2_000 })
      .catch((error: unknown) => `(unreadable: ${String(error)})`);
    console.error(`[open page] ${page.url()}\n${text.slice(0, 1_500)}`);
  }
});
