import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import net, { type AddressInfo } from 'node:net';

/*
 * A real webhook receiver on loopback for the tests: it keeps what it receives per path and answers
 * as each path is told to (a status, failing the first n requests, or never answering).
 */

type Received = {
  path: string;
  headers: http.IncomingHttpHeaders;
  body: string;
  at: number;
};

/** Verifies `X-Portal-Signature: t=…,v1=…` as docs/webhooks.md tells integrators to (5 minutes' tolerance). */
export function verifySignature(
  secret: string,
  header: string | undefined,
  rawBody: string,
  toleranceS = 300,
): boolean {
  if (!header) return false;
  const parts = new Map(header.split(',').map((part) => part.split('=', 2) as [string, string]));
  const timestamp = Number(parts.get('t'));
  const given = Buffer.from(parts.get('v1') ?? '', 'hex');
  if (!Number.isInteger(timestamp) || Math.abs(Date.now() / 1000 - timestamp) > toleranceS) return false;
  const expected = createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest();
  return given.length === expected.length && timingSafeEqual(given, expected);
}

type Behaviour = { status?: number; failFirst?: number; hang?: boolean; delayMs?: number };

export async function startReceiver() {
  const received: Received[] = [];
  const behaviour = new Map<string, Behaviour>();
  const seen = new Map<string, number>();
  const hanging = new Set<http.ServerResponse>();
  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const path = request.url ?? '/';
      const rule = behaviour.get(path) ?? {};
      const count = (seen.get(path) ?? 0) + 1;
      seen.set(path, count);
      if (rule.hang) {
        hanging.add(response);
        return;
      }
      const failing = rule.failFirst !== undefined && count <= rule.failFirst;
      const status = failing ? 500 : (rule.status ?? 200);
      const answer = () => {
        if (status >= 200 && status < 300)
          received.push({
            path,
            headers: request.headers,
            body: Buffer.concat(chunks).toString('utf8'),
            at: Date.now(),
          });
        response
          .writeHead(status, { 'content-type': 'text/plain' })
          .end(status < 300 ? 'ok' : 'receiver says no');
      };
      if (rule.delayMs) setTimeout(answer, rule.delayMs);
      else answer();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    port,
    received,
    /** How often a path was called, answered or not. */
    calls: (path: string) => seen.get(path) ?? 0,
    on(path: string, rule: Behaviour) {
      behaviour.set(path, rule);
    },
    /** The bodies a path accepted, parsed. */
    events: (path: string) =>
      received
        .filter((entry) => entry.path === path)
        .map(
          (entry) => JSON.parse(entry.body) as { id: string; type: string; data: Record<string, unknown> },
        ),
    async until(check: () => boolean, timeoutMs = 8000): Promise<void> {
      const deadline = Date.now() + timeoutMs;
      while (!check()) {
        if (Date.now() > deadline) throw new Error('the receiver did not get what was expected in time');
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const response of hanging) response.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/**
 * A receiver that stopped answering: a plain TCP server that accepts every connection, reads what
 * it is sent and never replies (until told to `answer`, from then on a bare HTTP 200). It counts
 * the requests that reached it and the most it held open at once.
 */
export async function startBlackHole() {
  const sockets = new Set<net.Socket>();
  let answer = false;
  let connections = 0;
  let open = 0;
  let mostOpen = 0;
  const server = net.createServer((socket) => {
    connections++;
    open++;
    mostOpen = Math.max(mostOpen, open);
    sockets.add(socket);
    socket.on('data', () => {
      if (answer) socket.end('HTTP/1.1 200 OK\r\ncontent-length: 2\r\nconnection: close\r\n\r\nok');
    });
    socket.on('error', () => undefined);
    socket.on('close', () => {
      open--;
      sockets.delete(socket);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    url: (path: string) => `http://127.0.0.1:${port}${path}`,
    /** Connections accepted so far (one per request: the sender's sockets end with their request). */
    connections: () => connections,
    /** Connections open now, and the most that were open at once. */
    open: () => open,
    mostOpen: () => mostOpen,
    /** From now on, answer every request with 200. */
    answer() {
      answer = true;
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
