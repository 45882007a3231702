import { afterEach } from 'vitest';
import { openPages } from './browser';

/**
 * When a browser test fails, prints where each of its open pages is and what it shows: a failed
 * locator names what it waited for, not the page it found instead (a login page, an error screen).
 */
afterEach(async (context) => {
  if (context.task.result?.state !== 'fail') return;
  for (const page of openPages) {
    // Roles and accessible names, as the tests' locators see them (a button's name with its
    // loading icon, a dialog over the page), else the text.
    const body = page.locator('body');
    const seen = await body
      .ariaSnapshot({ timeout: 5_000 })
      .catch(() => body.innerText({ timeout: 2_000 }))
      .catch((error: unknown) => `(unreadable: ${String(error)})`);
    console.error(`[open page] ${page.url()}\n${seen.slice(0, 4_000)}`);
  }
});
