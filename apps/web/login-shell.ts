import { LOGIN_ART_CSS, LOGIN_PICTURE_WEBP } from './src/components/account/login-art';
import { SHELL_ID } from './src/app/shell';

/**
 * The login page as HTML and CSS alone: /login is served this variant of
 * index.html, whose shell paints the port picture beside an empty form column from the first bytes,
 * before any script has loaded (on a slow link the scripts take seconds; the picture is the page's
 * largest element). The shell has no words (so no language to guess) and nothing to focus
 * (aria-hidden); it covers the page until the app's first view paints and removes it (app/shell.ts).
 * The picture is preloaded: it is the largest paint, so it should not wait for the scripts.
 */
const MOBILE = '(max-width: 768px)';

const SHELL_CSS =
  `#${SHELL_ID}{position:fixed;inset:0;z-index:2000;display:flex;background:#fff}` +
  // The same boxes as the login page's layout (components/account/auth-layout.tsx), so the page's own
  // panel replaces the shell's exactly (and is no larger paint of its own).
  `#${SHELL_ID}>.login-art-panel{flex:1 1 45%;padding:72px 48px}` +
  `#${SHELL_ID}>.login-shell-form{flex:1 1 55%;padding:32px}` +
  `#${SHELL_ID}>.login-art-band{display:none}` +
  `@media ${MOBILE}{#${SHELL_ID}{flex-direction:column}#${SHELL_ID}>.login-art-panel{display:none}` +
  `#${SHELL_ID}>.login-art-band{display:block;flex:0 0 128px}#${SHELL_ID}>.login-shell-form{padding:16px}}` +
  LOGIN_ART_CSS;

const SHELL_HTML =
  `<div id="${SHELL_ID}" aria-hidden="true">` +
  `<div class="login-art-panel"></div><div class="login-art-band"></div><div class="login-shell-form"></div>` +
  `</div>`;

/** index.html with the shell: its style and the picture's preload in the head, the shell before #root. */
export function loginHtml(indexHtml: string): string {
  // First in the head, before the scripts: the browser asks for resources in the document's order,
  // six at a time on HTTP/1.1, so a preload after twenty scripts waited for a free connection.
  const preload = `<link rel="preload" as="image" href="${LOGIN_PICTURE_WEBP}" type="image/webp" fetchpriority="high">`;
  if (
    !/<head>/.test(indexHtml) ||
    !indexHtml.includes('</head>') ||
    !indexHtml.includes('<div id="root"></div>')
  )
    throw new Error('index.html has no <head>, </head> or empty #root to put the login shell in');
  return (
    indexHtml
      // Inserted by functions: a replacement string would expand any `$` pattern in what it inserts.
      .replace('<head>', () => `<head>${preload}`)
      .replace('</head>', () => `<style>${SHELL_CSS}</style></head>`)
      .replace('<div id="root"></div>', () => `${SHELL_HTML}<div id="root"></div>`)
  );
}
