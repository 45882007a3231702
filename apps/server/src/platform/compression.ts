import zlib from 'node:zlib';
import compress from '@fastify/compress';
import { negotiate } from '@fastify/accept-negotiator';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { isSharedData } from './reply.js';

/**
 * Compression at the wire.
 *
 * - API replies of at least COMPRESS_THRESHOLD bytes are compressed on the fly with brotli (quality
 *   4: Cloudflare's measured sweet spot for on-the-fly work; 11 costs ~10x the CPU for ~5% fewer
 *   bytes) or gzip, whichever the client prefers (`Accept-Encoding`), with `Vary: Accept-Encoding`.
 * - Only text-like types: JSON, text, JavaScript, XML, SVG. Exports and downloads that are already
 *   compressed (.xlsx, .pdf, images) and unknown binaries (`application/octet-stream`) go as they
 *   are.
 * - A reply whose data is shared by many replies (a quote board page served from memory, see
 *   sharedData) is compressed once per page and encoding, like its JSON is written once.
 * - Request bodies are never decompressed (a small gzip body could expand to gigabytes).
 * - The web app's files are compressed at build time (apps/web/vite.config.ts writes .br and .gz
 *   beside each one) and served by @fastify/static's `preCompressed` (see app.ts).
 */
const COMPRESS_THRESHOLD = 1024;

const ENCODINGS = ['br', 'gzip'] as const;
type Encoding = (typeof ENCODINGS)[number];

/** Text-like content types; everything else (xlsx, pdf, images, octet-stream) is sent as it is. */
const COMPRESSIBLE = /^text\/(?!event-stream)|[/+]json(?:;|$)|[/+]xml(?:;|$)|javascript|^image\/svg\+xml/u;

const BROTLI_ON_THE_FLY = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
/** A shared page is compressed once, so it can afford a denser setting. */
const BROTLI_ONCE = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 9 } };

/** The encoding to answer with, from the request's Accept-Encoding (br first at equal weight). */
export function chooseEncoding(acceptEncoding: string | string[] | undefined): Encoding | undefined {
  const header = Array.isArray(acceptEncoding) ? acceptEncoding.join(',') : acceptEncoding;
  if (!header) return undefined;
  const chosen = negotiate(header, [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : undefined;
}

type Compressed = { text: string } & Partial<Record<Encoding, Buffer>>;
const compressedShared = new WeakMap<object, Compressed>();

/**
 * The compressed bytes of a shared reply's text: made on the first request that asks for that
 * encoding, then reused as long as the page lives (the page is immutable; see sharedData).
 */
export function compressShared(data: object, text: string, encoding: Encoding): Buffer {
  let entry = compressedShared.get(data);
  if (entry === undefined || entry.text !== text) {
    entry = { text };
    compressedShared.set(data, entry);
  }
  let bytes = entry[encoding];
  if (bytes === undefined) {
    bytes =
      encoding === 'br'
        ? zlib.brotliCompressSync(text, BROTLI_ONCE)
        : zlib.gzipSync(text, { level: zlib.constants.Z_BEST_COMPRESSION });
    entry[encoding] = bytes;
  }
  return bytes;
}

function addVary(reply: FastifyReply): void {
  const vary = reply.getHeader('vary');
  const current = Array.isArray(vary) ? vary.join(', ') : typeof vary === 'string' ? vary : '';
  if (!/(^|,)\s*(accept-encoding|\*)\s*(,|$)/iu.test(current)) {
    reply.header('vary', current ? `${current}, accept-encoding` : 'accept-encoding');
  }
}

declare module 'fastify' {
  interface FastifyReply {
    /** the shared data object this reply sends, if any (set before serialization) */
    sharedPage: object | null;
  }
}

/** Registers compression; call before any route is registered (it hooks each route as it is added). */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  app.decorateReply('sharedPage', null);
  app.addHook('preSerialization', async (_request, reply, payload: unknown) => {
    if (typeof payload === 'object' && payload !== null && 'data' in payload) {
      const { data } = payload;
      if (typeof data === 'object' && data !== null && isSharedData(data)) reply.sharedPage = data;
    }
    return payload;
  });
  // App-level onSend hooks run before the route-level one of @fastify/compress, which leaves a reply
  // alone once it has a Content-Encoding.
  // It also adds Vary to every reply that would be compressed for another client (the plugin adds it
  // only when it compresses), so that no shared cache hands a plain reply to a client that asked for br.
  app.addHook('onSend', async (request, reply, payload: unknown) => {
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    if (payload.length < COMPRESS_THRESHOLD && Buffer.byteLength(payload) < COMPRESS_THRESHOLD)
      return payload;
    const type = reply.getHeader('content-type');
    if (!COMPRESSIBLE.test(typeof type === 'string' ? type : 'application/json')) return payload;
    addVary(reply);
    const page = reply.sharedPage;
    if (page === null || typeof payload !== 'string' || reply.statusCode !== 200) return payload;
    const encoding = chooseEncoding(request.headers['accept-encoding']);
    if (encoding === undefined) return payload;
    const bytes = compressShared(page, payload, encoding);
    reply.header('content-encoding', encoding);
    reply.header('content-length', bytes.length);
    return bytes;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: [...ENCODINGS],
    threshold: COMPRESS_THRESHOLD,
    customTypes: COMPRESSIBLE,
    brotliOptions: BROTLI_ON_THE_FLY,
    zlibOptions: { level: 6 },
  });
}
