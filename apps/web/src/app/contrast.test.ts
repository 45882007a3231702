import { describe, expect, it } from 'vitest';
import { luminance, readableColor } from './contrast';

const channels = (color: string) =>
  color.startsWith('#')
    ? [1, 3, 5].map((i) => parseInt(color.slice(i, i + 2), 16))
    : (color.match(/\d+/g) ?? []).map(Number);
const onWhite = (color: string) => 1.05 / (luminance(channels(color)) + 0.05);

describe('readableColor', () => {
  it('darkens the default site colour until it reaches 5:1 against white', () => {
    expect(onWhite('#6cbaa9')).toBeLessThan(4.5);
    const readable = readableColor('#6cbaa9');
    expect(readable).toMatch(/^rgb\(\d+,\d+,\d+\)$/);
    expect(onWhite(readable)).toBeGreaterThanOrEqual(5);
    // Only a few steps darker: still the site's teal, not near-black.
    expect(onWhite(readable)).toBeLessThan(6.5);
    const [r, g, b] = channels(readable);
    expect(g).toBeGreaterThan(b!);
    expect(b).toBeGreaterThan(r!);
  });

  it('makes even white, yellow and bright green readable', () => {
    for (const color of ['#ffffff', '#ffff00', '#00ff00', '#1677ff']) {
      expect(onWhite(readableColor(color))).toBeGreaterThanOrEqual(5);
    }
  });

  it('keeps a colour that is already dark enough', () => {
    expect(readableColor('#1f4e5f')).toBe('rgb(31,78,95)');
    expect(readableColor('#000000')).toBe('rgb(0,0,0)');
  });

  it('measures luminance as WCAG does', () => {
    expect(luminance([255, 255, 255])).toBeCloseTo(1, 5);
    expect(luminance([0, 0, 0])).toBe(0);
    expect(onWhite('#767676')).toBeCloseTo(4.54, 2);
  });
});
