import http from 'node:http';

/** One Server-Sent Event as a test reads it. */
type SseEvent = { event: string; data: unknown };

/**
 * A minimal EventSource for tests: opens `url`, parses events as they arrive, and tells when the
 * server ends the stream. `next(name)` waits for the next event of that name not yet taken.
 */
export type SseStream = {
  status: number;
  events: SseEvent[];
  next(name: string, timeoutMs?: number): Promise<SseEvent>;
  /** resolves when the server closes the stream */
  ended: Promise<void>;
  close(): void;
};

export function openSse(url: string): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: { accept: 'text/event-stream' } }, (response) => {
      const events: SseEvent[] = [];
      let taken = 0;
      const waiters: (() => void)[] = [];
      let buffer = '';
      let isEnded = false;
      let body = '';
      const ended = new Promise<void>((done) => {
        response.on('end', () => {
          isEnded = true;
          done();
          for (const wake of waiters.splice(0)) wake();
        });
        response.on('error', () => {
          isEnded = true;
          done();
        });
      });
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => {
        if (response.statusCode !== 200) {
          body += chunk;
          return;
        }
        buffer += chunk;
        let at: number;
        while ((at = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, at);
          buffer = buffer.slice(at + 2);
          let event = 'message';
          const data: string[] = [];
          for (const line of block.split('\n')) {
            if (line.startsWith('event: ')) event = line.slice(7);
            else if (line.startsWith('data: ')) data.push(line.slice(6));
          }
          if (data.length > 0) events.push({ event, data: JSON.parse(data.join('\n')) });
        }
        for (const wake of waiters.splice(0)) wake();
      });
      const next = async (name: string, timeoutMs = 5_000): Promise<SseEvent> => {
        const deadline = Date.now() + timeoutMs;
        for (;;) {
          const found = events.findIndex((e, i) => i >= taken && e.event === name);
          if (found >= 0) {
            taken = found + 1;
            return events[found] as SseEvent;
          }
          if (isEnded) throw new Error(`stream ended before a "${name}" event`);
          const left = deadline - Date.now();
          if (left <= 0) throw new Error(`no "${name}" event within ${timeoutMs} ms`);
          await new Promise<void>((wake) => {
            const timer = setTimeout(wake, left);
            waiters.push(() => {
              clearTimeout(timer);
              wake();
            });
          });
        }
      };
      const stream: SseStream = {
        status: response.statusCode ?? 0,
        events,
        next,
        ended,
        close: () => request.destroy(),
      };
      if (response.statusCode !== 200) {
        response.on('end', () => {
          stream.events.push({ event: 'body', data: body ? (JSON.parse(body) as unknown) : null });
          resolve(stream);
        });
        return;
      }
      resolve(stream);
    });
    request.on('error', reject);
  });
}
