import { describe, expect, it } from 'vitest';
import { captchaPicture, captchaSvg, captchaText } from '../src/modules/auth/captcha.js';
import { attack, samples } from './captcha-attack.js';

/**
 * The image captcha against the cheapest targeted attack (captcha-attack.ts): a small network trained
 * on pictures of the shipped generator, reading characters at fixed places. The earlier generator
 * (characters at fixed places, only bent and speckled) was read whole 15 % of the time at this test's
 * size (600 pictures, 6 s of training), 60 % with 2,000 pictures and 20 s; a captcha whose layout
 * varies must stay below 10 %. (A stronger model would do better: the captcha is a speed bump,
 * docs/security.md.) bench/cases/captcha.ts runs the attack at the trial's size.
 */
describe('image captcha', () => {
  /** The box of each character's outline in the SVG (the filled paths, in drawing order). */
  function boxes(svg: string) {
    return [...svg.matchAll(/<path d="([^"]+)" fill="hsl/g)].map(([, d]) => {
      const numbers = (d ?? '').match(/-?\d+(\.\d+)?/g)?.map(Number) ?? [];
      const xs = numbers.filter((_, i) => i % 2 === 0);
      const ys = numbers.filter((_, i) => i % 2 === 1);
      return {
        x: (Math.min(...xs) + Math.max(...xs)) / 2,
        y: (Math.min(...ys) + Math.max(...ys)) / 2,
        width: Math.max(...xs) - Math.min(...xs),
        height: Math.max(...ys) - Math.min(...ys),
      };
    });
  }
  const spread = (values: number[]) => Math.max(...values) - Math.min(...values);

  it('puts each character at a place, size and shape that varies from picture to picture', () => {
    const layouts = Array.from({ length: 200 }, () => boxes(captchaSvg(captchaText())));
    expect(layouts.every((layout) => layout.length === 4)).toBe(true);
    for (let i = 0; i < 4; i += 1) {
      const at = layouts.map((layout) => layout[i] ?? { x: 0, y: 0, width: 0, height: 0 });
      // In a 120 × 40 box whose fixed quarters are 30 px wide: each character wanders across more than half of one.
      expect(spread(at.map((box) => box.x))).toBeGreaterThan(20);
      expect(spread(at.map((box) => box.y))).toBeGreaterThan(6);
      expect(spread(at.map((box) => box.width))).toBeGreaterThan(12);
      expect(spread(at.map((box) => box.height))).toBeGreaterThan(8);
    }
    // The distance between neighbours varies too: a window sliding at a fixed step would not follow.
    const steps = layouts.flatMap((layout) => layout.slice(1).map((box, i) => box.x - (layout[i]?.x ?? 0)));
    expect(spread(steps)).toBeGreaterThan(12);
  });

  it('is read whole in fewer than 10 % of fresh pictures by a network trained on its own generator', async () => {
    const make = async () => {
      const text = captchaText();
      return { text, png: await captchaPicture(text) };
    };
    const train = await samples(600, make);
    const test = await samples(200, make);
    const result = await attack(train, test, { trainMs: 6_000 });
    expect(result.passes).toBeGreaterThan(1);
    expect(result.captchas).toBeLessThan(0.1);
  });
});
