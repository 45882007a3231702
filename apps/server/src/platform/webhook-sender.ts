import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import net from 'node:net';
import { guardedLookup, isPublicAddress } from './outbound-address.js';

/*
 * Posts one signed webhook body. Each request has a hard deadline (headers and body alike), reads
 * at most a short excerpt of the reply, follows no redirect, and connects only to addresses the
 * SSRF guard accepted in the same lookup (platform/outbound-address.ts).
 */

/** `t=<unix seconds>,v1=<hex HMAC-SHA256 over "<t>.<raw body>">`, as docs/webhooks.md shows how to verify. */
export function signWebhook(secret: string, body: string, timestamp: number): string {
  const digest = createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex');
  return `t=${timestamp},v1=${digest}`;
}

type SendOutcome = {
  ok: boolean;
  /** the receiver's HTTP status; null when there was none */
  status: number | null;
  /** why it failed, or the start of a failed reply's body */
  error: string | null;
};

export type WebhookSender = {
  send(request: { url: string; body: string; headers: Record<string, string> }): Promise<SendOutcome>;
  close(): void;
};

export function createWebhookSender(options: {
  timeoutMs: number;
  allowPrivate: boolean;
  maxSockets: number;
  excerpt: number;
}): WebhookSender {
  const lookup = guardedLookup(options.allowPrivate);
  const agentOptions = { keepAlive: true, maxSockets: options.maxSockets, lookup };
  const agents = { http: new http.Agent(agentOptions), https: new https.Agent(agentOptions) };

  function send(request: { url: string; body: string; headers: Record<string, string> }) {
    return new Promise<SendOutcome>((resolve) => {
      let url: URL;
      try {
        url = new URL(request.url);
      } catch {
        return resolve({ ok: false, status: null, error: 'invalid URL' });
      }
      const host = url.hostname.replace(/^\[|\]$/g, '');
      if (!options.allowPrivate && net.isIP(host) && !isPublicAddress(host)) {
        return resolve({ ok: false, status: null, error: 'address refused (not public)' });
      }
      const secure = url.protocol === 'https:';
      const client = secure ? https : http;
      const done = (outcome: SendOutcome) => resolve(outcome);
      const outgoing = client.request(
        url,
        {
          method: 'POST',
          agent: secure ? agents.https : agents.http,
          lookup,
          signal: AbortSignal.timeout(options.timeoutMs),
          headers: {
            'content-type': 'application/json',
            'content-length': String(Buffer.byteLength(request.body)),
            'user-agent': 'FreightPortal-Webhooks/1',
            ...request.headers,
          },
        },
        (response) => {
          const status = response.statusCode ?? 0;
          const chunks: Buffer[] = [];
          let size = 0;
          response.on('data', (chunk: Buffer) => {
            if (size < options.excerpt) chunks.push(chunk);
            size += chunk.length;
          });
          response.on('end', () => {
            const ok = status >= 200 && status < 300;
            const text = Buffer.concat(chunks).toString('utf8').slice(0, options.excerpt);
            done({ ok, status, error: ok ? null : text || `HTTP ${status}` });
          });
          response.on('error', (error) => done({ ok: false, status, error: describe(error) }));
        },
      );
      outgoing.on('error', (error) => done({ ok: false, status: null, error: describe(error) }));
      outgoing.end(request.body);
    });
  }

  return {
    send,
    close() {
      agents.http.destroy();
      agents.https.destroy();
    },
  };
}

function describe(error: Error): string {
  if (error.name === 'TimeoutError' || error.name === 'AbortError') return 'timed out';
  const code = (error as NodeJS.ErrnoException).code;
  if (code === 'EADDRREFUSED') return 'address refused (not public)';
  return (code ? `${code}: ` : '') + error.message.slice(0, 200);
}
