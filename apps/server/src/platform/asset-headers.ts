import type { FastifyReply } from 'fastify';

/**
 * The build's hashed scripts, styles and fonts (`/assets/<name>-<hash>.<ext>`): never a document, so
 * never rendered, framed or navigated to. Pictures in SVG are left out: opened on their own they are
 * documents, and keep every header.
 */
export const ASSET_FILE = /[\\/]assets[\\/][^\\/]+\.(?:js|mjs|css|woff2?)(?:\.br|\.gz)?$/;

const HASHED_ASSET_URL = /^\/assets\/[^/?]+\.(?:js|mjs|css|woff2?)(?:\?|$)/;

/** Whether a request asks for one of the build's hashed assets (see ASSET_FILE). */
export function isHashedAsset(url: string): boolean {
  return HASHED_ASSET_URL.test(url);
}

/**
 * Headers that only a document obeys (its content policy, framing, opener, referrer, DNS prefetch,
 * the old XSS filter and download dialog), and validators an immutable file never needs: helmet
 * writes them on every reply, and on the first load of /login they were about 640 bytes of the
 * ~1 KB of headers of each of its 40 scripts, 25 KB uncompressed on a slow link. Kept:
 * `X-Content-Type-Options: nosniff` and `Cross-Origin-Resource-Policy`, which do apply to scripts
 * and styles, the caching headers, the ETag and the encoding.
 */
const DOCUMENT_ONLY = [
  'content-security-policy',
  'cross-origin-opener-policy',
  'origin-agent-cluster',
  'referrer-policy',
  'x-dns-prefetch-control',
  'x-download-options',
  'x-frame-options',
  'x-permitted-cross-domain-policies',
  'x-xss-protection',
  'last-modified',
  'accept-ranges',
];

/** Removes from a hashed asset's reply what only a document would use (see DOCUMENT_ONLY). */
export function trimAssetHeaders(reply: FastifyReply): void {
  for (const name of DOCUMENT_ONLY) {
    // helmet writes on the raw response; the static plugin's validators are in the reply's own.
    reply.raw.removeHeader(name);
    reply.removeHeader(name);
  }
}
