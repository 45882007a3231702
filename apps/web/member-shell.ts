import { SHELL_ID } from './src/app/shell';

/**
 * The frame of a member page as HTML and CSS alone: the variants of index.html for the
 * member pages (dist/pages/*.html) paint the main layout's header bar and the page's panels from the
 * first bytes, where the page stayed white for seconds on a slow phone while the scripts loaded and
 * ran. Like the login page's shell (login-shell.ts) it has no words (so no language to guess, and
 * no menu the person may not have) and nothing to focus (aria-hidden); it covers the page until the
 * main layout paints and removes it (app/shell.ts). Its boxes are the layout's
 * (app/main-layout.tsx): a 64 px white header with its rule, the grey page, 24 px (12 px on a phone)
 * of padding.
 */
const MOBILE = '(max-width: 768px)';
const S = `#${SHELL_ID}`;

const SHELL_CSS =
  `${S}{position:fixed;inset:0;z-index:2000;background:#f5f5f5;overflow:hidden}` +
  `${S}>.shell-header{height:64px;box-sizing:border-box;background:#fff;border-bottom:1px solid #f0f0f0}` +
  `${S}>.shell-body{padding:24px}` +
  // Grey bars where the title and the filters come, then the white panel of the list.
  `${S} .shell-bar{height:24px;width:160px;border-radius:6px;background:#e8e8e8;margin:20px 0 21px}` +
  `${S} .shell-filters{height:32px;max-width:960px;border-radius:6px;background:#ececec;margin-bottom:16px}` +
  `${S} .shell-panel{height:70vh;border-radius:8px;background:#fff}` +
  `@media ${MOBILE}{${S}>.shell-body{padding:12px}}`;

const SHELL_HTML =
  `<div id="${SHELL_ID}" aria-hidden="true"><div class="shell-header"></div>` +
  `<div class="shell-body"><div class="shell-bar"></div><div class="shell-filters"></div>` +
  `<div class="shell-panel"></div></div></div>`;

/** A member page's variant of index.html with the shell: its style in the head, the shell before #root. */
export function memberHtml(indexHtml: string): string {
  if (!indexHtml.includes('</head>') || !indexHtml.includes('<div id="root"></div>'))
    throw new Error('index.html has no </head> or empty #root to put the member shell in');
  return (
    indexHtml
      // Inserted by functions: a replacement string would expand any `$` pattern in what it inserts.
      .replace('</head>', () => `<style>${SHELL_CSS}</style></head>`)
      .replace('<div id="root"></div>', () => `${SHELL_HTML}<div id="root"></div>`)
  );
}

/**
 * The variant without its shell, for a first view rendered by the server (src/server-render.tsx):
 * the view itself paints from the HTML then.
 */
export function withoutMemberShell(memberPageHtml: string): string {
  return memberPageHtml.replace(`<style>${SHELL_CSS}</style>`, '').replace(SHELL_HTML, '');
}
