import { randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_MS } from '@freight/contract';
import svgCaptcha from 'svg-captcha';
import type { KvStore } from '../../platform/kv.js';

const key = (id: string) => `captcha:${id}`;

/** A new captcha: the answer is kept (lower-cased) in the shared store for 5 minutes. */
export async function issueCaptcha(options: { kv: KvStore; fixed?: string | undefined }) {
  const captcha = svgCaptcha.create({
    size: 4,
    noise: 3,
    color: true,
    background: '#f4f8f7',
    ignoreChars: '0oO1iIlL',
    width: 120,
    height: 40,
  });
  // With CAPTCHA_FIXED (automated tests only) every captcha answers that code, whatever it shows.
  const answer = options.fixed ?? captcha.text;
  const image = captcha.data;
  const id = randomUUID();
  await options.kv.set(key(id), answer.toLowerCase(), CAPTCHA_TTL_MS);
  return { captcha_id: id, image: `data:image/svg+xml;base64,${Buffer.from(image).toString('base64')}` };
}

/** True once for the right answer (case-insensitive); the captcha is used up either way. */
export async function checkCaptcha(options: { kv: KvStore; id: string; answer: string }): Promise<boolean> {
  const stored = await options.kv.take(key(options.id));
  return stored !== undefined && stored === options.answer.trim().toLowerCase();
}
