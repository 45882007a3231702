import type { FastifyInstance } from 'fastify';

/**
 * Every cookie the server sets is `Secure` when the portal's public address is https: a server
 * behind a TLS terminator without TRUST_PROXY sees its requests as http, and a cookie marked by the
 * request's protocol alone then went out without the flag (a network on the way could read it from
 * a plain http request).
 */
export function secureCookies(app: FastifyInstance, publicUrl: string): void {
  if (!publicUrl.startsWith('https://')) return;
  app.addHook('onSend', async (_request, reply) => {
    const set = reply.getHeader('set-cookie');
    if (set === undefined) return;
    const cookies = (Array.isArray(set) ? set : [String(set)]).map((cookie) =>
      /;\s*secure\s*(;|$)/i.test(cookie) ? cookie : `${cookie}; Secure`,
    );
    // Replaced, not added to: reply.header() appends to a set-cookie already set.
    reply.removeHeader('set-cookie');
    reply.header('set-cookie', cookies);
  });
}
