/** WCAG 2 relative luminance of an sRGB colour given as 0-255 channels. */
export function luminance(rgb: readonly number[]): number {
  return rgb.reduce((sum, channel, i) => {
    const s = channel / 255;
    return sum + [0.2126, 0.7152, 0.0722][i]! * (s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4);
  }, 0);
}

/**
 * The site colour (`app_color`, #rrggbb) darkened in steps until it reaches 5:1 against white, so
 * that white text on primary buttons and primary-coloured links, tabs and menu items on white meet
 * WCAG 1.4.3 (4.5:1, with room for the tinted backgrounds of selected items). A dark enough colour
 * is kept. Answers a CSS rgb() colour (short: this runs on the login page).
 */
export function readableColor(hex: string): string {
  let rgb = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
  while (1.05 / (luminance(rgb) + 0.05) < 5) rgb = rgb.map((channel) => Math.floor(channel * 0.9));
  return `rgb(${rgb})`;
}
