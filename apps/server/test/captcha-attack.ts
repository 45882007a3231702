import sharp from 'sharp';

/*
 * The cheap attack on an image captcha whose generator is public, as a trial run it: make thousands
 * of labelled pictures with the generator itself, cut each at fixed places (one window per
 * character, where the generator's layout puts them on average), and train a small two-layer network
 * on the windows; then read fresh pictures the same way. Plain TypeScript, bounded in time.
 */

/** The pictures are read at a quarter of their size, 60 × 20, in ink (1) on paper (0). */
const W = 60;
const H = 20;
/** One window per character, 16 px wide, centred where evenly spaced characters would be. */
const WINDOW = 16;

export type Sample = { text: string; png: Buffer };

async function ink(png: Buffer): Promise<Float32Array> {
  const raw = await sharp(png).greyscale().resize(W, H, { fit: 'fill' }).raw().toBuffer();
  const out = new Float32Array(W * H);
  for (let i = 0; i < out.length; i += 1) out[i] = 1 - (raw[i] ?? 255) / 255;
  return out;
}

function windows(picture: Float32Array, length: number): Float32Array[] {
  return Array.from({ length }, (_, c) => {
    const centre = Math.round((W * (c + 1)) / (length + 1));
    const left = centre - WINDOW / 2;
    const out = new Float32Array(WINDOW * H);
    for (let y = 0; y < H; y += 1)
      for (let x = 0; x < WINDOW; x += 1) {
        const sx = left + x;
        out[y * WINDOW + x] = sx >= 0 && sx < W ? (picture[y * W + sx] ?? 0) : 0;
      }
    return out;
  });
}

/** Makes `count` samples with `make`, a few at a time (sharp renders on its own threads). */
export async function samples(count: number, make: () => Promise<Sample>): Promise<Sample[]> {
  const out: Sample[] = [];
  while (out.length < count) {
    out.push(...(await Promise.all(Array.from({ length: Math.min(8, count - out.length) }, make))));
  }
  return out;
}

type Example = { features: Float32Array; label: number };

async function examples(list: Sample[], classes: Map<string, number>): Promise<Example[][]> {
  return Promise.all(
    list.map(async ({ text, png }) => {
      const cut = windows(await ink(png), text.length);
      return [...text.toLowerCase()].map((char, i) => ({
        features: cut[i] as Float32Array,
        label: classes.get(char) ?? -1,
      }));
    }),
  );
}

/** A two-layer network (ReLU hidden layer, softmax out) trained by plain SGD. */
class Network {
  readonly w1: Float32Array;
  readonly b1: Float32Array;
  readonly w2: Float32Array;
  readonly b2: Float32Array;
  private readonly hidden: Float32Array;
  private readonly out: Float32Array;
  constructor(
    readonly inputs: number,
    readonly size: number,
    readonly classes: number,
  ) {
    const init = (count: number, fan: number) =>
      Float32Array.from({ length: count }, () => (Math.random() * 2 - 1) * Math.sqrt(6 / fan));
    this.w1 = init(inputs * size, inputs);
    this.b1 = new Float32Array(size);
    this.w2 = init(size * classes, size);
    this.b2 = new Float32Array(classes);
    this.hidden = new Float32Array(size);
    this.out = new Float32Array(classes);
  }

  forward(x: Float32Array): Float32Array {
    const { inputs, size, classes, w1, b1, w2, b2, hidden, out } = this;
    for (let h = 0; h < size; h += 1) {
      let sum = b1[h] ?? 0;
      const row = h * inputs;
      for (let i = 0; i < inputs; i += 1) sum += (w1[row + i] ?? 0) * (x[i] ?? 0);
      hidden[h] = sum > 0 ? sum : 0;
    }
    let max = Number.NEGATIVE_INFINITY;
    for (let c = 0; c < classes; c += 1) {
      let sum = b2[c] ?? 0;
      const row = c * size;
      for (let h = 0; h < size; h += 1) sum += (w2[row + h] ?? 0) * (hidden[h] ?? 0);
      out[c] = sum;
      if (sum > max) max = sum;
    }
    let total = 0;
    for (let c = 0; c < classes; c += 1) {
      out[c] = Math.exp((out[c] ?? 0) - max);
      total += out[c] ?? 0;
    }
    for (let c = 0; c < classes; c += 1) out[c] = (out[c] ?? 0) / total;
    return out;
  }

  learn(x: Float32Array, label: number, rate: number): void {
    const { inputs, size, classes, w1, b1, w2, b2, hidden } = this;
    const p = this.forward(x);
    const backHidden = new Float32Array(size);
    for (let c = 0; c < classes; c += 1) {
      const g = (p[c] ?? 0) - (c === label ? 1 : 0);
      const row = c * size;
      for (let h = 0; h < size; h += 1) {
        backHidden[h] = (backHidden[h] ?? 0) + g * (w2[row + h] ?? 0);
        w2[row + h] = (w2[row + h] ?? 0) - rate * g * (hidden[h] ?? 0);
      }
      b2[c] = (b2[c] ?? 0) - rate * g;
    }
    for (let h = 0; h < size; h += 1) {
      if ((hidden[h] ?? 0) <= 0) continue;
      const g = backHidden[h] ?? 0;
      const row = h * inputs;
      for (let i = 0; i < inputs; i += 1) w1[row + i] = (w1[row + i] ?? 0) - rate * g * (x[i] ?? 0);
      b1[h] = (b1[h] ?? 0) - rate * g;
    }
  }

  predict(x: Float32Array): number {
    const p = this.forward(x);
    let best = 0;
    for (let c = 1; c < this.classes; c += 1) if ((p[c] ?? 0) > (p[best] ?? 0)) best = c;
    return best;
  }
}

/**
 * Trains on `train` for at most `trainMs` (whole passes, shuffled) and answers the share of `test`
 * captchas read entirely right, and of characters read right.
 */
export async function attack(
  train: Sample[],
  test: Sample[],
  options: { trainMs: number; hidden?: number },
): Promise<{ captchas: number; characters: number; passes: number }> {
  const alphabet = [...new Set(train.flatMap((s) => [...s.text.toLowerCase()]))].sort();
  const classes = new Map(alphabet.map((char, i) => [char, i]));
  const trainSet = (await examples(train, classes)).flat();
  const testSet = await examples(test, classes);
  const net = new Network(WINDOW * H, options.hidden ?? 64, alphabet.length);
  const started = performance.now();
  let passes = 0;
  while (performance.now() - started < options.trainMs) {
    for (let i = trainSet.length - 1; i > 0; i -= 1) {
      const j = Math.floor(Math.random() * (i + 1));
      [trainSet[i], trainSet[j]] = [trainSet[j] as Example, trainSet[i] as Example];
    }
    const rate = 0.02 / (1 + passes * 0.3);
    for (const example of trainSet) net.learn(example.features, example.label, rate);
    passes += 1;
  }
  let whole = 0;
  let right = 0;
  let total = 0;
  for (const captcha of testSet) {
    const read = captcha.map((example) => net.predict(example.features) === example.label);
    right += read.filter(Boolean).length;
    total += read.length;
    if (read.every(Boolean)) whole += 1;
  }
  return { captchas: whole / testSet.length, characters: right / total, passes };
}
