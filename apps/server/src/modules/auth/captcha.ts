import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { randomInt, randomUUID } from 'node:crypto';
import { CAPTCHA_TTL_MS } from '@freight/contract';
import opentype, { type Font, type PathCommand } from 'opentype.js';
import sharp from 'sharp';
import type { KvStore } from '../../platform/kv.js';

const key = (id: string) => `captcha:${id}`;

/*
 * The image captcha: a speed bump for generic bots, not a defence against a script written for this
 * portal (its generator ships with the code; docs/security.md says what carries the defence). What it
 * can do is make the cheap attack, cutting the picture at fixed places and classifying each piece
 * with a small network trained on the generator's own output, fail: so every captcha differs in
 * layout, not only in noise. Each character is drawn from the outlines of one of several fonts
 * shipped in npm packages (no system font is needed: the SVG holds paths, not text), at its own
 * size, rotation, slant and width, with a gentle wave through its points; the characters overlap by
 * a random amount from a random start, so their places vary; curves of the characters' colours cross
 * them. librsvg (inside sharp) rasterizes it off the main thread: a few milliseconds a captcha.
 */

/** Drawn in a 120 × 40 box (the size the login page shows it), rasterized at twice that. */
const WIDTH = 120;
const HEIGHT = 40;
const SCALE = 2;

/** No characters a person confuses with another: 0/o/O, 1/i/I/l/L, g/q/9. Answers are case-insensitive. */
const CHARACTERS = 'ABCDEFGHJKMNPQRSTUVWXYZabcdefhjkmnprstuvwxyz2345678';
const LENGTH = 4;

/**
 * Fonts shipped in our dependencies: one hand-drawn, and three weights of one sans-serif. `stroke`:
 * the range of the outline drawn around a character, in pixels of the 120 × 40 box, so that thin
 * faces stay legible once bent.
 */
const FONT_FILES = [
  { file: 'svg-captcha/fonts/Comismsh.ttf', stroke: [1, 1.5] },
  { file: '@fontsource/noto-sans-sc/files/noto-sans-sc-latin-300-normal.woff', stroke: [0.8, 1.3] },
  { file: '@fontsource/noto-sans-sc/files/noto-sans-sc-latin-500-normal.woff', stroke: [0.3, 0.8] },
  { file: '@fontsource/noto-sans-sc/files/noto-sans-sc-latin-900-normal.woff', stroke: [0, 0.4] },
] as const;

/** A character's outline at unit height, centred on its box: flat lists of commands and points. */
type Outline = { commands: string; points: number[]; width: number; stroke: readonly [number, number] };

let outlines: Map<string, Outline>[] | undefined;

function outlineOf(font: Font, char: string, stroke: readonly [number, number]): Outline {
  const commands = font.charToGlyph(char).getPath(0, 0, 1).commands;
  const xs: number[] = [];
  const ys: number[] = [];
  const points: number[] = [];
  let letters = '';
  const push = (x: number, y: number) => {
    points.push(x, y);
    xs.push(x);
    ys.push(y);
  };
  for (const command of commands as PathCommand[]) {
    letters += command.type;
    if (command.type === 'Z') continue;
    if (command.type === 'Q') push(command.x1, command.y1);
    if (command.type === 'C') {
      push(command.x1, command.y1);
      push(command.x2, command.y2);
    }
    push(command.x, command.y);
  }
  const [left, right, top, bottom] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const height = bottom - top;
  for (let i = 0; i < points.length; i += 2) {
    points[i] = ((points[i] ?? 0) - (left + right) / 2) / height;
    points[i + 1] = ((points[i + 1] ?? 0) - (top + bottom) / 2) / height;
  }
  return { commands: letters, points, width: (right - left) / height, stroke };
}

/** Every character of every font, read once (about 30 ms) with the first captcha. */
function fontOutlines(): Map<string, Outline>[] {
  if (outlines) return outlines;
  const require = createRequire(import.meta.url);
  outlines = FONT_FILES.map(({ file, stroke }) => {
    const bytes = readFileSync(require.resolve(file));
    const font = opentype.parse(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength));
    return new Map([...CHARACTERS].map((char) => [char, outlineOf(font, char, stroke)]));
  });
  return outlines;
}

const uniform = (low: number, high: number) => low + Math.random() * (high - low);
const pick = <T>(items: readonly T[]): T => items[Math.floor(Math.random() * items.length)] as T;
const n = (value: number) => value.toFixed(1);
const dark = () => `hsl(${randomInt(0, 360)},${randomInt(35, 75)}%,${randomInt(18, 40)}%)`;

/** A gentle wave through the whole picture, applied to every point of the characters. */
function waveOf() {
  const a = uniform(0.6, 1.6);
  const b = uniform(0.6, 1.6);
  const la = uniform(14, 30);
  const lb = uniform(20, 40);
  const pa = uniform(0, Math.PI * 2);
  const pb = uniform(0, Math.PI * 2);
  return (x: number, y: number): [number, number] => [
    x + a * Math.sin((2 * Math.PI * y) / la + pa),
    y + b * Math.sin((2 * Math.PI * x) / lb + pb),
  ];
}

/** One character as an SVG path: its outline scaled, slanted, turned and moved, through the wave. */
function glyphPath(
  outline: Outline,
  at: { x: number; y: number; height: number },
  wave: ReturnType<typeof waveOf>,
) {
  const angle = (uniform(-25, 25) * Math.PI) / 180;
  const slant = uniform(-0.3, 0.3);
  const stretch = uniform(0.8, 1.2);
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const { points } = outline;
  const moved: string[] = [];
  for (let i = 0; i < points.length; i += 2) {
    const x0 = (points[i] ?? 0) * at.height * stretch;
    const y0 = (points[i + 1] ?? 0) * at.height;
    const x1 = x0 + slant * y0;
    const [x, y] = wave(at.x + cos * x1 - sin * y0, at.y + sin * x1 + cos * y0);
    moved.push(`${n(x)} ${n(y)}`);
  }
  let d = '';
  let next = 0;
  for (const letter of outline.commands) {
    const count = letter === 'Z' ? 0 : letter === 'Q' ? 2 : letter === 'C' ? 3 : 1;
    d += letter + moved.slice(next, next + count).join(' ');
    next += count;
  }
  const colour = dark();
  // Filled, with an outline of its own width: the strokes' weight varies too.
  return `<path d="${d}" fill="${colour}" stroke="${colour}" stroke-width="${n(uniform(...outline.stroke))}" stroke-linejoin="round"/>`;
}

/** A curve from edge to edge through the characters' band, or a short one somewhere. */
function curve(long: boolean): string {
  const [x0, x3] = long ? [uniform(-5, 15), uniform(105, 125)] : [uniform(0, 100), 0];
  const end = long ? x3 : x0 + uniform(15, 30);
  const y = () => uniform(8, 32);
  const width = long ? uniform(1, 1.8) : uniform(0.8, 1.4);
  return `<path d="M${n(x0)} ${n(y())} C${n(uniform(x0, end))} ${n(y())} ${n(uniform(x0, end))} ${n(y())} ${n(end)} ${n(y())}" fill="none" stroke="${dark()}" stroke-width="${n(width)}" stroke-linecap="round"/>`;
}

/** The captcha as SVG: characters of random fonts, sizes and transforms at random places. */
export function captchaSvg(text: string): string {
  const fonts = fontOutlines();
  const wave = waveOf();
  const glyphs = [...text].map((char) => {
    const outline = pick(fonts).get(char) ?? (fonts[0]?.get('A') as Outline);
    const height = uniform(17, 25);
    return { outline, height, width: outline.width * height };
  });
  // Each next character starts where the previous one would end, less a random overlap.
  const gaps = glyphs
    .slice(1)
    .map((glyph, i) => (((glyphs[i]?.width ?? 0) + glyph.width) / 2) * uniform(0.72, 1));
  const span = gaps.reduce((sum, gap) => sum + gap, 0);
  const first = glyphs[0]?.width ?? 0;
  const last = glyphs.at(-1)?.width ?? 0;
  const room = WIDTH - 6 - span - (first + last) / 2;
  const squeeze = room < 0 ? (span + room) / span : 1;
  let x = 3 + first / 2 + (room > 0 ? uniform(0, room) : 0);
  const parts = glyphs.map((glyph, i) => {
    if (i > 0) x += (gaps[i - 1] ?? 0) * squeeze;
    return glyphPath(glyph.outline, { x, y: HEIGHT / 2 + uniform(-4, 4), height: glyph.height }, wave);
  });
  const dots = Array.from(
    { length: 40 },
    () =>
      `<circle cx="${n(uniform(0, WIDTH))}" cy="${n(uniform(0, HEIGHT))}" r="${n(uniform(0.3, 0.9))}" fill="${dark()}"/>`,
  );
  const curves = [
    ...Array.from({ length: randomInt(2, 4) }, () => curve(true)),
    ...Array.from({ length: randomInt(2, 5) }, () => curve(false)),
  ];
  // Curves before and after the characters: some cross over them, some under.
  const [under, over] = [curves.slice(0, 2), curves.slice(2)];
  const background = `hsl(${randomInt(0, 360)},${randomInt(20, 50)}%,${randomInt(93, 97)}%)`;
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${WIDTH * SCALE}" height="${HEIGHT * SCALE}" viewBox="0 0 ${WIDTH} ${HEIGHT}">`,
    `<rect width="${WIDTH}" height="${HEIGHT}" fill="${background}"/>`,
    ...dots,
    ...under,
    ...parts,
    ...over,
    '</svg>',
  ].join('');
}

/** A random answer of LENGTH characters. */
export function captchaText(): string {
  return Array.from({ length: LENGTH }, () => CHARACTERS[randomInt(0, CHARACTERS.length)]).join('');
}

/** The picture of `text`: its SVG rasterized by sharp (librsvg, off the main thread) to a small PNG. */
export function captchaPicture(text: string): Promise<Buffer> {
  return sharp(Buffer.from(captchaSvg(text)))
    .png({ palette: true, colours: 64, dither: 0, compressionLevel: 6, effort: 1 })
    .toBuffer();
}

/** A new captcha: the answer is kept (lower-cased) in the shared store for 5 minutes. */
export async function issueCaptcha(options: { kv: KvStore; fixed?: string | undefined }) {
  const text = captchaText();
  // With CAPTCHA_FIXED (automated tests only) every captcha answers that code, whatever it shows.
  const answer = options.fixed ?? text;
  const id = randomUUID();
  const [png] = await Promise.all([
    captchaPicture(text),
    options.kv.set(key(id), answer.toLowerCase(), CAPTCHA_TTL_MS),
  ]);
  return { captcha_id: id, image: `data:image/png;base64,${png.toString('base64')}` };
}

/** True once for the right answer (case-insensitive); the captcha is used up either way. */
export async function checkCaptcha(options: { kv: KvStore; id: string; answer: string }): Promise<boolean> {
  const stored = await options.kv.take(key(options.id));
  return stored !== undefined && stored === options.answer.trim().toLowerCase();
}
