/**
 * The login page's port at dusk (apps/web/public/login-port.*, drawn by
 * scripts/login-background.mjs), as a panel beside the form and as a band above it on phones. Both
 * are anchored low, so a short window loses sky rather than the ship.
 *
 * No React here: the build also writes these rules into the login page's HTML shell
 * (apps/web/login-shell.ts), which paints the picture before any script has run.
 */

/** Dark washes over the picture, where the white text stands: the top of the panel, all of the band. */
const SCRIM = {
  panel: 'linear-gradient(180deg,rgba(6,14,26,.55) 0%,rgba(6,14,26,.2) 38%,rgba(6,14,26,0) 58%)',
  band: 'linear-gradient(180deg,rgba(6,14,26,.6) 0%,rgba(6,14,26,.25) 50%,rgba(6,14,26,0) 80%)',
};

/** The picture the shell preloads (the browsers that take image-set's WebP). */
export const LOGIN_PICTURE_WEBP = '/login-port.webp';

const PICTURE = {
  jpeg: 'url(/login-port.jpg)',
  set: `image-set(url(${LOGIN_PICTURE_WEBP}) type("image/webp"),url(/login-port.jpg) type("image/jpeg"))`,
};

function rules(selector: string, scrim: string, position: string): string {
  // Under the picture, a gradient in its sky's colours while it loads; WebP where the browser takes
  // it, else JPEG. A browser without image-set() or type() drops that declaration and keeps the one
  // before it (no custom property here: that would void both instead).
  return (
    `${selector}{background:linear-gradient(180deg,#0b1a2e 0%,#173a56 60%,#3f5a78 100%) #10243a;` +
    `background-size:cover;background-position:${position};` +
    `background-image:${scrim},${PICTURE.jpeg};background-image:${scrim},${PICTURE.set}}`
  );
}

export const LOGIN_ART_CSS =
  rules('.login-art-panel', SCRIM.panel, 'center bottom') +
  rules('.login-art-band', SCRIM.band, 'center 56%');
