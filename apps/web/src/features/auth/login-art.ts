import { useEffect, useState } from 'react';

/** Dark washes over the picture, where the white text stands: the top of the panel, all of the band. */
const SCRIM = {
  panel: 'linear-gradient(180deg,rgba(6,14,26,.55) 0%,rgba(6,14,26,.2) 38%,rgba(6,14,26,0) 58%)',
  band: 'linear-gradient(180deg,rgba(6,14,26,.6) 0%,rgba(6,14,26,.25) 50%,rgba(6,14,26,0) 80%)',
};

const PICTURE = {
  jpeg: 'url(/login-port.jpg)',
  set: 'image-set(url(/login-port.webp) type("image/webp"),url(/login-port.jpg) type("image/jpeg"))',
};

function rules(selector: string, scrim: string, position: string): string {
  // Until the picture is asked for, a gradient in its sky's colours; then WebP where the browser takes
  // it, else JPEG. A browser without image-set() or type() drops that declaration and keeps the one
  // before it (no custom property here: that would void both instead).
  return (
    `${selector}{background:linear-gradient(180deg,#0b1a2e 0%,#173a56 60%,#3f5a78 100%) #10243a;` +
    `background-size:cover;background-position:${position}}` +
    `${selector}[data-picture]{background-image:${scrim},${PICTURE.jpeg};` +
    `background-image:${scrim},${PICTURE.set}}`
  );
}

/**
 * The login page's port at dusk (apps/web/public/login-port.*, drawn by
 * scripts/login-background.mjs), as a panel beside the form and as a band above it on phones. Both
 * are anchored low, so a short window loses sky rather than the ship.
 */
export const LOGIN_ART_CSS =
  rules('.login-art-panel', SCRIM.panel, 'center bottom') +
  rules('.login-art-band', SCRIM.band, 'center 56%');

/**
 * True once the window has loaded and the page has painted: the picture is then asked for, so it
 * takes no bandwidth from the form's code and captcha and no time from the first paint.
 */
export function useAfterLoad(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    const show = () => setLoaded(true);
    if (document.readyState === 'complete') {
      // Loaded before this page mounted: still let the form paint first.
      const frame = requestAnimationFrame(show);
      return () => cancelAnimationFrame(frame);
    }
    window.addEventListener('load', show, { once: true });
    return () => window.removeEventListener('load', show);
  }, []);
  return loaded;
}
