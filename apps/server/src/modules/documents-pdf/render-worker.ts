import { readlinkSync } from 'node:fs';
import { setPriority } from 'node:os';
import { parentPort } from 'node:worker_threads';
import { PageLimitError } from '../../platform/pdf/writer.js';
import type { WorkerReply, WorkerRequest } from '../../platform/worker-pool.js';
import { type RenderInput, type RenderOutput, renderDocument } from './render.js';

/*
 * A worker thread of the PDF pool (documents.ts): takes one document's data at a time and answers
 * its bytes, which move to the request thread without a copy.
 */
const port = parentPort;
if (!port) throw new Error('render-worker.js runs as a worker thread');

// A document yields the CPU to the requests: on a busy machine the request thread comes first.
// Linux gives each thread its own nice value (found by its id in /proc/thread-self); elsewhere
// the worker keeps the process's priority.
try {
  const thread = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(thread) && thread > 0) setPriority(thread, 10);
} catch {
  // not Linux, or not allowed: same priority as the requests
}

port.on('message', ({ id, input }: WorkerRequest<RenderInput>) => {
  renderDocument(input).then(
    (buffer) => {
      // A fresh ArrayBuffer of its own (Buffer.concat may share a pool) can be handed over whole.
      const file = new Uint8Array(buffer);
      port.postMessage({ id, ok: true, output: { file } } satisfies WorkerReply<RenderOutput>, [file.buffer]);
    },
    (error: unknown) => {
      // A plain Error always crosses to the other thread; what pdfkit threw may not.
      const failure = new Error(error instanceof Error ? error.message : String(error));
      const reply: WorkerReply<RenderOutput> =
        error instanceof PageLimitError
          ? { id, ok: true, output: { maxPages: error.maxPages } }
          : { id, ok: false, error: failure };
      port.postMessage(reply);
    },
  );
});
