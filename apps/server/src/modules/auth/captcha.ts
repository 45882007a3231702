import { randomInt, randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_MS } from '@freight/contract';
import sharp from 'sharp';
import svgCaptcha from 'svg-captcha';
import type { KvStore } from '../../platform/kv.js';

const key = (id: string) => `captcha:${id}`;

/** Drawn at 120 × 40 (the size the login page shows it), rasterized at twice that for sharp screens. */
const WIDTH = 120;
const HEIGHT = 40;
const SCALE = 2;

/**
 * The captcha's picture, as pixels only (issue 17). svg-captcha draws each character as the outline
 * of a font shipped in its package, so its SVG can be read by matching those outlines, without any
 * OCR. Here that SVG never leaves the server: it is drawn with characters large enough to touch
 * their neighbours, rasterized, bent by two random sine waves (rows and columns shifted by a few
 * pixels each), sprinkled with speckles, and sent as a PNG.
 */
async function picture(svg: string): Promise<Buffer> {
  // The font's strokes are thin: each character gets an outline of its own colour too; and the whole
  // is drawn at SCALE times its size (the viewBox stays).
  const drawn = svg
    .replace(/<path fill="(#[0-9a-f]{3,6})"/giu, '<path fill="$1" stroke="$1" stroke-width="1.6"')
    .replace(`width="${WIDTH}" height="${HEIGHT}"`, `width="${WIDTH * SCALE}" height="${HEIGHT * SCALE}"`);
  const { data, info } = await sharp(Buffer.from(drawn))
    .flatten({ background: '#f4f8f7' })
    .ensureAlpha()
    .raw()
    .toBuffer({ resolveWithObject: true });
  const { width, height, channels } = info;
  const out = Buffer.alloc(data.length);
  const wave = () => ({
    amplitude: SCALE * (1.5 + Math.random() * 2),
    length: SCALE * (24 + Math.random() * 30),
    phase: Math.random() * Math.PI * 2,
  });
  const rows = wave();
  const columns = wave();
  for (let y = 0; y < height; y += 1) {
    const dx = Math.round(rows.amplitude * Math.sin((2 * Math.PI * y) / rows.length + rows.phase));
    for (let x = 0; x < width; x += 1) {
      const dy = Math.round(columns.amplitude * Math.sin((2 * Math.PI * x) / columns.length + columns.phase));
      const sx = Math.min(width - 1, Math.max(0, x + dx));
      const sy = Math.min(height - 1, Math.max(0, y + dy));
      data.copy(
        out,
        (y * width + x) * channels,
        (sy * width + sx) * channels,
        (sy * width + sx + 1) * channels,
      );
    }
  }
  // Speckles: about one pixel in twenty, dark or light.
  for (let i = Math.floor((width * height) / 20); i > 0; i -= 1) {
    const at = randomInt(0, width * height) * channels;
    const shade = randomInt(0, 2) === 0 ? randomInt(60, 130) : randomInt(200, 250);
    out[at] = shade;
    out[at + 1] = shade;
    out[at + 2] = shade;
  }
  return sharp(out, { raw: { width, height, channels } })
    .png({ compressionLevel: 9, palette: true, colours: 48 })
    .toBuffer();
}

/** A new captcha: the answer is kept (lower-cased) in the shared store for 5 minutes. */
export async function issueCaptcha(options: { kv: KvStore; fixed?: string | undefined }) {
  const { text, data: svg } = svgCaptcha.create({
    size: 4,
    ignoreChars: '0oO1iIlL',
    width: WIDTH,
    height: HEIGHT,
    fontSize: 44,
    noise: 3,
    // Dark grey characters and lines on no background (flattened onto the page's tint below).
    color: false,
  });
  // With CAPTCHA_FIXED (automated tests only) every captcha answers that code, whatever it shows.
  const answer = options.fixed ?? text;
  const id = randomUUID();
  const [image] = await Promise.all([
    picture(svg),
    options.kv.set(key(id), answer.toLowerCase(), CAPTCHA_TTL_MS),
  ]);
  return { captcha_id: id, image: `data:image/png;base64,${image.toString('base64')}` };
}

/** True once for the right answer (case-insensitive); the captcha is used up either way. */
export async function checkCaptcha(options: { kv: KvStore; id: string; answer: string }): Promise<boolean> {
  const stored = await options.kv.take(key(options.id));
  return stored !== undefined && stored === options.answer.trim().toLowerCase();
}
