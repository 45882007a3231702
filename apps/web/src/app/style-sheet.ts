/**
 * Resolves once the build's Ant Design style sheet, where the page links it, has loaded or failed.
 * Ant Design reads the sheet's map of the styles it holds once, as its first component renders: a
 * render before the sheet has come computes and inserts every style itself for the rest of the
 * page's life (seconds of a slow CPU). The sheet is linked at the end of the body, so that what the
 * HTML paints first does not wait for it: the app waits here instead, beside its scripts' download.
 */
export function styleSheetLoaded(doc: Document = document): Promise<void> {
  const link = doc.querySelector<HTMLLinkElement>('link[rel="stylesheet"][href^="/assets/antd-"]');
  if (!link || link.sheet) return Promise.resolve();
  return new Promise((resolve) => {
    link.addEventListener('load', () => resolve(), { once: true });
    link.addEventListener('error', () => resolve(), { once: true });
  });
}
