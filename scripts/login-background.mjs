// Draws the login page's background, a container port at dusk, and writes it as WebP and JPEG into
// apps/web/public. The picture is ours,
// drawn here, so there is no licence to track. Run `node scripts/login-background.mjs` after a
// change and commit both images; sharp comes with the server's dependencies.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const OUT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../apps/web/public');
// Portrait, like the login panel (45 % of a landscape window); the page covers it anchored at the
// bottom, so a short window loses sky, a narrow one the edges: the subjects sit in the middle 60 %.
const W = 960;
const H = 1200;
const HORIZON = 820;
const WATERLINE = 958;

/** A deterministic sequence in [0, 1), so that every run draws the same picture. */
function random(seed) {
  let state = seed;
  return () => {
    state = (state * 1664525 + 1013904223) % 4294967296;
    return state / 4294967296;
  };
}

function stars() {
  const next = random(7);
  let out = '';
  for (let i = 0; i < 46; i += 1) {
    const x = Math.round(next() * W);
    const y = Math.round(next() * 380);
    const r = (0.8 + next() * 1.3).toFixed(1);
    out += `<circle cx="${x}" cy="${y}" r="${r}" opacity="${(0.35 + next() * 0.5).toFixed(2)}"/>`;
  }
  return `<g fill="#fff">${out}</g>`;
}

/** The far shore: low hills and a town's roofs against the afterglow. */
function farShore() {
  const next = random(11);
  let roofs = '';
  for (let x = 560; x < W; x += 14 + Math.round(next() * 18)) {
    const h = 8 + Math.round(next() * 26);
    roofs += `<rect x="${x}" y="${HORIZON - h}" width="${10 + Math.round(next() * 14)}" height="${h}"/>`;
  }
  return `<path d="M0 ${HORIZON} L0 792 C80 776 150 784 230 795 C300 804 370 790 450 798 L560 806 L560 ${HORIZON} Z" fill="#5d5a70"/>
  <g fill="#4c4b62">${roofs}</g>`;
}

const BOX_COLOURS = ['#9c4a36', '#2d6474', '#b7873a', '#36486e', '#7c3434', '#4f6f50', '#5b6a78'];

/** Rows of containers on the quay behind the ship, darkened by the dusk. */
function yardStacks() {
  const next = random(23);
  let shade = '';
  let out = '';
  const rows = [
    { x0: 40, x1: 520, base: HORIZON + 4, tiers: 3, w: 46, h: 22 },
    { x0: 600, x1: 930, base: HORIZON + 4, tiers: 4, w: 46, h: 22 },
  ];
  for (const row of rows) {
    for (let x = row.x0; x + row.w <= row.x1; x += row.w + 3) {
      const tiers = 1 + Math.floor(next() * row.tiers);
      for (let t = 0; t < tiers; t += 1) {
        const colour = BOX_COLOURS[Math.floor(next() * BOX_COLOURS.length)];
        const y = row.base - (t + 1) * (row.h + 2);
        shade += `<rect x="${x}" y="${y}" width="${row.w}" height="${row.h + 2}"/>`;
        out += `<rect x="${x}" y="${y}" width="${row.w}" height="${row.h}" fill="${colour}"/>`;
      }
    }
  }
  // Solid dark boxes under the coloured ones at part opacity: muted by the haze, not see-through.
  return `<g fill="#27304a">${shade}</g><g opacity="0.55">${out}</g><rect x="0" y="${HORIZON}" width="${W}" height="14" fill="#1d2738"/>`;
}

/**
 * A ship-to-shore gantry crane seen from the side: a portal of two braced legs on the quay, the boom
 * out over the ship (to the left) or raised, the machinery house, the A-frame with its stays, and a
 * warning light on top. `x` is the waterside leg; the drawing is made at `scale`.
 */
function crane(x, scale, raised = false) {
  const n = (v) => v.toFixed(1);
  const X = (dx) => n(x + dx * scale);
  const Y = (dy) => n(HORIZON - dy * scale);
  const span = 120;
  const boom = 300;
  const apex = 430;
  const beam = raised
    ? `<rect x="${X(-16)}" y="${Y(boom + 7)}" width="${n((span + 110) * scale)}" height="${n(14 * scale)}"/>
       <path d="M${X(0)} ${Y(boom)} L${X(-95)} ${Y(boom + 330)} L${X(-83)} ${Y(boom + 334)} L${X(12)} ${Y(boom + 4)} Z"/>`
    : `<rect x="${X(-330)}" y="${Y(boom + 7)}" width="${n((330 + span + 90) * scale)}" height="${n(14 * scale)}"/>
       <rect x="${X(-212)}" y="${Y(boom - 7)}" width="${n(30 * scale)}" height="${n(14 * scale)}"/>
       <path d="M${X(-202)} ${Y(boom - 21)} V${Y(boom - 110)} M${X(-192)} ${Y(boom - 21)} V${Y(boom - 110)}" stroke="#0f1a28" stroke-width="${n(2 * scale)}"/>
       <rect x="${X(-210)}" y="${Y(boom - 110)}" width="${n(26 * scale)}" height="${n(7 * scale)}"/>`;
  const tip = raised ? `${X(-89)} ${Y(boom + 332)}` : `${X(-326)} ${Y(boom + 7)}`;
  const mid = raised ? `${X(-48)} ${Y(boom + 166)}` : `${X(-170)} ${Y(boom + 7)}`;
  return `<g fill="#0f1a28">
    <rect x="${X(0)}" y="${Y(boom)}" width="${n(10 * scale)}" height="${n(boom * scale + 12)}"/>
    <rect x="${X(span)}" y="${Y(boom)}" width="${n(10 * scale)}" height="${n(boom * scale + 12)}"/>
    <rect x="${X(0)}" y="${Y(190)}" width="${n((span + 10) * scale)}" height="${n(9 * scale)}"/>
    <path d="M${X(5)} ${Y(181)} L${X(span + 5)} ${Y(24)} M${X(span + 5)} ${Y(181)} L${X(5)} ${Y(24)} M${X(5)} ${Y(190)} L${X(span + 5)} ${Y(boom)} M${X(span + 5)} ${Y(190)} L${X(5)} ${Y(boom)}" stroke="#0f1a28" stroke-width="${n(4 * scale)}"/>
    ${beam}
    <rect x="${X(span - 6)}" y="${Y(boom + 40)}" width="${n(64 * scale)}" height="${n(34 * scale)}"/>
    <path d="M${X(8)} ${Y(boom + 7)} L${X(55)} ${Y(apex)} L${X(102)} ${Y(boom + 7)}" fill="none" stroke="#0f1a28" stroke-width="${n(7 * scale)}"/>
    <path d="M${X(55)} ${Y(apex)} L${tip} M${X(55)} ${Y(apex)} L${mid} M${X(55)} ${Y(apex)} L${X(span + 88)} ${Y(boom + 7)}" fill="none" stroke="#0f1a28" stroke-width="${n(3 * scale)}"/>
    <circle cx="${X(55)}" cy="${Y(apex + 6)}" r="${n(5 * scale)}" fill="#ff5a4a"/>
  </g>`;
}

/** The container ship alongside: hull, boxes in bays, the deckhouse aft with lit windows. */
function ship() {
  const next = random(41);
  const deck = WATERLINE - 62;
  let boxes = '';
  for (let bay = 0; bay < 12; bay += 1) {
    const x = 150 + bay * 50;
    const tiers = 3 + Math.floor(next() * 3);
    for (let t = 0; t < tiers; t += 1) {
      const colour = BOX_COLOURS[Math.floor(next() * BOX_COLOURS.length)];
      boxes += `<rect x="${x}" y="${deck - (t + 1) * 25}" width="46" height="23" fill="${colour}"/>`;
    }
  }
  let windows = '';
  for (let row = 0; row < 4; row += 1) {
    for (let col = 0; col < 5; col += 1) {
      if (next() < 0.72)
        windows += `<rect x="${768 + col * 18}" y="${deck - 178 + row * 26}" width="10" height="8"/>`;
    }
  }
  return `<g>
    ${boxes}
    <rect x="756" y="${deck - 196}" width="104" height="196" fill="#a9b2bf"/>
    <rect x="748" y="${deck - 212}" width="124" height="18" fill="#939daa"/>
    <rect x="826" y="${deck - 262}" width="14" height="52" fill="#2c3440"/>
    <rect x="824" y="${deck - 270}" width="18" height="10" fill="#b13c31"/>
    <g fill="#ffcf7a">${windows}</g>
    <path d="M92 ${deck} L910 ${deck} L888 ${WATERLINE} L136 ${WATERLINE} C116 ${WATERLINE - 20} 100 ${deck + 28} 92 ${deck} Z" fill="#1f2b3a"/>
    <path d="M94 ${deck + 6} L908 ${deck + 6}" stroke="#c9d2da" stroke-width="3" opacity="0.8"/>
    <path d="M128 ${WATERLINE - 14} L893 ${WATERLINE - 14} L888 ${WATERLINE} L136 ${WATERLINE} Z" fill="#8e2f2a"/>
  </g>`;
}

/** Water: the sky's colours broken into ripples, the sun's path and the ship's lights on it. */
function water() {
  const next = random(59);
  let ripples = '';
  for (let i = 0; i < 70; i += 1) {
    const y = WATERLINE + 10 + Math.round(next() * (H - WATERLINE - 20));
    const near = (y - WATERLINE) / (H - WATERLINE);
    const x = Math.round(next() * W);
    const len = Math.round(20 + next() * 80 * (0.5 + near));
    ripples += `<rect x="${x}" y="${y}" width="${len}" height="${(1.5 + near * 2).toFixed(1)}" rx="1"/>`;
  }
  let glitter = '';
  for (let i = 0; i < 26; i += 1) {
    const y = WATERLINE + 12 + i * 9 + Math.round(next() * 4);
    const half = 10 + Math.round(next() * 30) + i * 2;
    glitter += `<rect x="${330 - half + Math.round((next() - 0.5) * 24)}" y="${y}" width="${half * 2}" height="3" rx="1.5"/>`;
  }
  return `<rect x="0" y="${HORIZON}" width="${W}" height="${H - HORIZON}" fill="url(#sea)"/>
  <g fill="#8fb0c4" opacity="0.28">${ripples}</g>
  <g fill="#ffc98c" opacity="0.55">${glitter}</g>`;
}

const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}">
  <defs>
    <linearGradient id="sky" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#0b1a2e"/>
      <stop offset="0.42" stop-color="#173a56"/>
      <stop offset="0.68" stop-color="#4a5f7c"/>
      <stop offset="0.86" stop-color="#c9786a"/>
      <stop offset="1" stop-color="#f2ad6b"/>
    </linearGradient>
    <linearGradient id="sea" x1="0" y1="0" x2="0" y2="1">
      <stop offset="0" stop-color="#3b4d66"/>
      <stop offset="0.35" stop-color="#1b2d44"/>
      <stop offset="1" stop-color="#0a1524"/>
    </linearGradient>
    <radialGradient id="glow" cx="0.5" cy="0.5" r="0.5">
      <stop offset="0" stop-color="#ffd9a0" stop-opacity="0.9"/>
      <stop offset="1" stop-color="#ffd9a0" stop-opacity="0"/>
    </radialGradient>
  </defs>
  <rect width="${W}" height="${HORIZON}" fill="url(#sky)"/>
  ${stars()}
  <circle cx="330" cy="${HORIZON - 20}" r="150" fill="url(#glow)"/>
  <circle cx="330" cy="${HORIZON - 8}" r="44" fill="#ffe2b0"/>
  ${farShore()}
  ${water()}
  ${yardStacks()}
  ${crane(250, 1)}
  ${crane(560, 1.08)}
  ${crane(820, 0.9, true)}
  ${ship()}
</svg>`;

// Drawn at 960 x 1200 and written at 800 x 1000: sharp enough for the panel (≈ 615 x 768 CSS px at
// 1366 px), and every pixel fewer is bytes saved on the login page.
const OUT_WIDTH = 800;
const image = sharp(Buffer.from(svg), { density: (72 * OUT_WIDTH) / W });
// Qualities tried from 40 to 70: below these the containers' edges smear, above them the bytes grow
// faster than the picture improves (≈ 16 KB WebP, ≈ 30 KB progressive JPEG).
const webp = await image.clone().webp({ quality: 50, effort: 6, preset: 'picture' }).toBuffer();
const jpeg = await image.clone().jpeg({ quality: 60, mozjpeg: true }).toBuffer();
fs.writeFileSync(path.join(OUT, 'login-port.webp'), webp);
fs.writeFileSync(path.join(OUT, 'login-port.jpg'), jpeg);
// `--svg <file>` also writes the drawing, to look at or to edit in a vector tool.
const svgAt = process.argv.indexOf('--svg');
if (svgAt > 0 && process.argv[svgAt + 1]) fs.writeFileSync(process.argv[svgAt + 1], svg);
console.log(
  `login-port.webp ${webp.length} bytes, login-port.jpg ${jpeg.length} bytes (${OUT_WIDTH}x${(OUT_WIDTH * H) / W})`,
);
