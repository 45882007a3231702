import type { ServerResponse } from 'node:http';
import type { NotificationEvents } from '@freight/contract';
import type { LiveMessage } from './live-messages.js';
import type { TicketHolder } from './service.js';

/*
 * The open event streams of this instance. One bus subscription per instance feeds `dispatch`,
 * which finds the person's streams in a map (no work per stream but the write), so a thousand open
 * streams cost a socket and a small object each. One timer sends every heartbeat, and now and then
 * checks in one query that the sessions behind the streams still live (a session can also end
 * where no message is sent: idle expiry, the admin CLI); revocations by the portal close streams at
 * once through the bus ('sessions-ended').
 */
type Stream = TicketHolder & { response: ServerResponse; openedAt: number };

/** A client that reads slower than this much is behind (a stalled connection): it is closed, and reconnects. */
const MAX_BUFFERED = 256 * 1024;

export type StreamHubOptions = {
  perPerson: number;
  heartbeatMs: number;
  /** every this many heartbeats, the sessions are checked */
  checkEvery: number;
  /** the sessions, of these, that still live, with their person's company now */
  liveSessions(ids: number[]): Promise<{ id: number; companyId: number }[]>;
  onError(error: unknown): void;
};

export class StreamHub {
  private readonly byPerson = new Map<number, Stream[]>();
  private readonly timer: NodeJS.Timeout;
  private beats = 0;
  private closed = false;

  constructor(private readonly options: StreamHubOptions) {
    this.timer = setInterval(() => this.beat(), options.heartbeatMs);
    this.timer.unref();
  }

  /** How many streams are open. */
  get size(): number {
    let total = 0;
    for (const list of this.byPerson.values()) total += list.length;
    return total;
  }

  /** Takes over `response` as an event stream for `holder`, and sends the first event. */
  open(response: ServerResponse, holder: TicketHolder, ready: NotificationEvents['ready']): void {
    const stream: Stream = { ...holder, response, openedAt: Date.now() };
    const list = this.byPerson.get(holder.personId) ?? [];
    // Over the cap, the oldest goes (a tab long gone whose connection has not yet noticed).
    while (list.length >= this.options.perPerson) this.end(list[0] as Stream);
    list.push(stream);
    this.byPerson.set(holder.personId, list);
    response.on('close', () => this.remove(stream));
    response.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      connection: 'keep-alive',
      // nginx and kin: do not buffer the stream
      'x-accel-buffering': 'no',
    });
    response.write(`retry: 3000\n\n`);
    this.send(stream, 'ready', ready);
  }

  dispatch(message: LiveMessage): void {
    if (this.closed) return;
    switch (message.type) {
      case 'notification':
        for (const item of message.items)
          for (const stream of this.streamsOf(item.personId, item.companyId))
            this.send(stream, 'notification', { notification: item.row, unread: item.unread });
        return;
      case 'read':
        for (const stream of this.streamsOf(message.personId, message.companyId))
          this.send(stream, 'read', { ids: message.ids, unread: message.unread });
        return;
      case 'unread':
        for (const stream of this.streamsOf(message.personId, message.companyId))
          this.send(stream, 'unread', { ids: message.ids, unread: message.unread });
        return;
      case 'sessions-ended': {
        const ended = new Set(message.sessions);
        for (const list of this.byPerson.values())
          for (const stream of [...list])
            if (ended.has(stream.sessionId)) {
              if (message.reason) this.send(stream, 'ended', { reason: message.reason });
              this.end(stream);
            }
        return;
      }
    }
  }

  /** Ends every stream (shutdown): clients reconnect, to another instance behind the balancer. */
  closeAll(): void {
    this.closed = true;
    clearInterval(this.timer);
    for (const list of [...this.byPerson.values()]) for (const stream of [...list]) this.end(stream);
  }

  private streamsOf(personId: number, companyId: number): Stream[] {
    return (this.byPerson.get(personId) ?? []).filter((stream) => stream.companyId === companyId);
  }

  private send<E extends keyof NotificationEvents>(stream: Stream, event: E, data: NotificationEvents[E]) {
    this.write(stream, `event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  private write(stream: Stream, text: string): void {
    const { response } = stream;
    if (response.writableEnded || response.destroyed) return this.remove(stream);
    if (response.writableLength > MAX_BUFFERED) return this.end(stream);
    response.write(text);
  }

  private end(stream: Stream): void {
    this.remove(stream);
    if (!stream.response.writableEnded) stream.response.end();
  }

  private remove(stream: Stream): void {
    const list = this.byPerson.get(stream.personId);
    if (!list) return;
    const at = list.indexOf(stream);
    if (at >= 0) list.splice(at, 1);
    if (list.length === 0) this.byPerson.delete(stream.personId);
  }

  private beat(): void {
    const all = [...this.byPerson.values()].flat();
    for (const stream of all) this.write(stream, ': heartbeat\n\n');
    if (++this.beats % this.options.checkEvery !== 0 || all.length === 0) return;
    const ids = [...new Set(all.map((stream) => stream.sessionId))];
    this.options.liveSessions(ids).then((live) => {
      const companyOf = new Map(live.map((session) => [session.id, session.companyId]));
      for (const stream of all) if (companyOf.get(stream.sessionId) !== stream.companyId) this.end(stream);
    }, this.options.onError);
  }
}
