/**
 * Company logos of the demo members, drawn at seed time: the company's initials on a coloured
 * shape, as an SVG rasterised by sharp to a PNG. The letters are strokes of our own (below), not
 * text: text would need the system's fonts, which a server image may not have.
 */

/** Monoline glyphs in a 60 × 80 box (y down), drawn with a round stroke. */
const GLYPHS: Record<string, string> = {
  B: 'M10 80V0H34a19 19 0 0 1 0 38H10M10 38H37a21 21 0 0 1 0 42H10',
  C: 'M56 16A30 40 0 1 0 56 64',
  D: 'M10 0V80H26A32 40 0 0 0 26 0Z',
  E: 'M54 0H10V80H54M10 40H44',
  F: 'M54 0H10V80M10 40H44',
  G: 'M56 16A30 40 0 1 0 58 52V44H34',
  H: 'M8 0V80M52 0V80M8 40H52',
  N: 'M8 80V0L52 80V0',
  O: 'M30 0A28 40 0 1 0 30 80A28 40 0 1 0 30 0Z',
  P: 'M10 80V0H34a20 20 0 0 1 0 42H10',
  R: 'M10 80V0H34a20 20 0 0 1 0 42H10M30 42L54 80',
  S: 'M54 12C44-2 8 0 8 20C8 42 52 36 52 58C52 82 14 82 6 66',
  T: 'M2 0H58M30 0V80',
  W: 'M0 0L14 80L30 24L46 80L60 0',
};

type LogoShape = 'rounded' | 'circle' | 'hexagon' | 'shield';
export type LogoStyle = { initials: string; color: string; shape: LogoShape };

const SHAPES: Record<LogoShape, string> = {
  rounded: '<rect x="8" y="8" width="240" height="240" rx="48"/>',
  circle: '<circle cx="128" cy="128" r="122"/>',
  hexagon: '<path d="M128 4L235 66V190L128 252L21 190V66Z"/>',
  shield: '<path d="M128 6L238 40V124C238 186 190 230 128 250C66 230 18 186 18 124V40Z"/>',
};

/** The logo's SVG: the shape in the company's colour, white initials, a thin band under them. */
function logoSvg(style: LogoStyle): string {
  const letters = [...style.initials];
  const advance = 76;
  const left = 128 - (letters.length * advance - 16) / 2;
  const glyphs = letters
    .map((letter, i) => {
      const path = GLYPHS[letter];
      if (!path) throw new Error(`no logo glyph for ${letter}`);
      return `<path transform="translate(${left + i * advance} 78)" d="${path}"/>`;
    })
    .join('');
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" width="256" height="256" viewBox="0 0 256 256">` +
    `<g fill="${style.color}">${SHAPES[style.shape]}</g>` +
    `<g fill="none" stroke="#fff" stroke-width="13" stroke-linecap="round" stroke-linejoin="round">${glyphs}</g>` +
    `<rect x="74" y="182" width="108" height="8" rx="4" fill="#fff" opacity="0.6"/></svg>`
  );
}

/** The logo as a PNG, the way a member would upload one. */
export async function logoPng(style: LogoStyle): Promise<Buffer> {
  // sharp (libvips) is loaded only when demo data is made, as the image upload path does.
  const { default: sharp } = await import('sharp');
  return sharp(Buffer.from(logoSvg(style)))
    .png()
    .toBuffer();
}
