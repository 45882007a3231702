import { describe, expect, it } from 'vitest';
import { styleSheetLoaded } from './style-sheet';

describe('waiting for the build’s style sheet', () => {
  const page = (html: string) => new DOMParser().parseFromString(html, 'text/html');

  it('waits for the sheet to load, or to fail, before the app renders', async () => {
    for (const event of ['load', 'error']) {
      const doc = page('<body><link rel="stylesheet" href="/assets/antd-0123456789ab.css"></body>');
      let settled = false;
      const waiting = styleSheetLoaded(doc).then(() => (settled = true));
      await new Promise((resolve) => setTimeout(resolve, 20));
      expect(settled).toBe(false);
      doc.querySelector('link')?.dispatchEvent(new Event(event));
      await waiting;
      expect(settled).toBe(true);
    }
  });

  it('does not wait on a page without the sheet', async () => {
    await expect(styleSheetLoaded(page('<body><link rel="icon" href="/favicon.svg"></body>'))).resolves.toBe(
      undefined,
    );
  });
});
