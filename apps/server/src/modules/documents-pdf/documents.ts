import { PDF_LIMITS } from '@freight/contract';
import { FairQueue, QueueFullError } from '../../platform/fair-queue.js';
import { AppError } from '../../platform/errors.js';
import { defaultWorkerCount, WorkerPool, workerScript } from '../../platform/worker-pool.js';
import type { RenderInput, RenderOutput } from './render.js';

/**
 * The PDF documents of one server: made on worker threads, fairly between companies, and kept by
 * what they are made of. A document is looked up by `key`, a digest of everything it shows (the
 * booking at its version as its reader sees it, the kind, the language, the site's look), so the
 * same booking asked again answers the same bytes without being laid out again, and any change of
 * the booking (or of what the document shows) makes a new key: nothing needs to be invalidated.
 */
export type PdfDocuments = {
  /**
   * The document for `key`: from the cache, from a render of the same key already running, or
   * rendered for `company` when its turn comes. Past the waiting limits: 429 (this company) or 503
   * (the server); past the page limit: 422. `bounded: false` waits in any case (a mail's attachment).
   */
  render(options: {
    company: number;
    key: string;
    input: RenderInput;
    documentName: string;
    bounded?: boolean;
  }): Promise<Buffer>;
  /** Documents laid out since the start (cache hits not counted). */
  readonly renders: number;
  /** Documents being laid out and waiting for a worker now. */
  readonly queued: { running: number; waiting: number };
  close(): Promise<void>;
};

export type PdfDocumentsOptions = {
  workers?: number;
  perCompany?: number;
  waitingPerCompany?: number;
  waiting?: number;
  /** Bytes of documents kept; the least recently used go first. */
  cacheBytes?: number;
};

/** A hint for Retry-After: a long document takes a few seconds, the queue is a few deep. */
const RETRY_SECONDS = 5;

export function pdfDocuments(options: PdfDocumentsOptions = {}): PdfDocuments {
  const workers = options.workers ?? defaultWorkerCount();
  const pool = new WorkerPool<RenderInput, RenderOutput>(
    workerScript(import.meta.url, 'render-worker'),
    workers,
  );
  const queue = new FairQueue({
    slots: workers,
    perOwner: options.perCompany ?? PDF_LIMITS.perCompany,
    waitingPerOwner: options.waitingPerCompany ?? PDF_LIMITS.waitingPerCompany,
    waiting: options.waiting ?? PDF_LIMITS.waiting,
  });
  const cache = new ByteLru(options.cacheBytes ?? 64 * 1024 * 1024);
  const running = new Map<string, Promise<Buffer>>();
  // Documents that ran past the page limit, by key: asked again, they are refused without being
  // laid out again up to the limit.
  const tooLong = new Map<string, number>();
  const pageLimit = (documentName: string, max: number) =>
    new AppError(422, 'booking.pdfTooManyPages', { document: documentName, max });
  let renders = 0;

  const make = async (company: number, input: RenderInput, documentName: string, bounded: boolean) => {
    let output: RenderOutput;
    try {
      output = await queue.run(
        company,
        () => {
          renders += 1;
          return pool.run(input);
        },
        { bounded },
      );
    } catch (error) {
      if (!(error instanceof QueueFullError)) throw error;
      const headers = { 'retry-after': String(RETRY_SECONDS) };
      if (error.scope === 'owner')
        throw new AppError(429, 'booking.pdfBusy', { max: error.limit, seconds: RETRY_SECONDS }, [], headers);
      throw new AppError(503, 'booking.pdfServerBusy', { seconds: RETRY_SECONDS }, [], headers);
    }
    if ('maxPages' in output) throw pageLimit(documentName, output.maxPages);
    return Buffer.from(output.file.buffer, output.file.byteOffset, output.file.length);
  };

  return {
    async render({ company, key, input, documentName, bounded = true }) {
      const cached = cache.get(key);
      if (cached) return cached;
      const refused = tooLong.get(key);
      if (refused !== undefined) throw pageLimit(documentName, refused);
      let pending = running.get(key);
      if (!pending) {
        pending = make(company, input, documentName, bounded);
        running.set(key, pending);
        pending
          .then((file) => cache.set(key, file))
          .catch((error: unknown) => {
            if (!(error instanceof AppError) || error.key !== 'booking.pdfTooManyPages') return;
            tooLong.set(key, Number(error.params.max));
            for (const oldest of tooLong.keys()) {
              if (tooLong.size <= 1000) break;
              tooLong.delete(oldest);
            }
          })
          .finally(() => running.delete(key));
      }
      return pending;
    },
    get renders() {
      return renders;
    },
    get queued() {
      return queue.size;
    },
    close: () => pool.close(),
  };
}

/** Buffers by key up to a total size, the least recently used dropped first. */
class ByteLru {
  private readonly entries = new Map<string, Buffer>();
  private bytes = 0;
  constructor(private readonly maxBytes: number) {}

  get(key: string): Buffer | undefined {
    const value = this.entries.get(key);
    if (!value) return undefined;
    this.entries.delete(key);
    this.entries.set(key, value);
    return value;
  }

  set(key: string, value: Buffer) {
    if (value.length > this.maxBytes / 4) return;
    const old = this.entries.get(key);
    if (old) this.bytes -= old.length;
    this.entries.delete(key);
    this.entries.set(key, value);
    this.bytes += value.length;
    for (const [oldest, file] of this.entries) {
      if (this.bytes <= this.maxBytes) break;
      this.entries.delete(oldest);
      this.bytes -= file.length;
    }
  }
}
