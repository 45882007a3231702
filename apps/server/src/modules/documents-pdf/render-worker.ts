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

port.on('message', ({ id, input }: WorkerRequest<RenderInput>) => {
  renderDocument(input).then(
    (buffer) => {
      // A fresh ArrayBuffer of its own (Buffer.concat may share a pool) can be handed over whole.
      const file = new Uint8Array(buffer);
      port.postMessage({ id, ok: true, output: { file } } satisfies WorkerReply<RenderOutput>, [file.buffer]);
    },
    (error: unknown) => {
      const reply: WorkerReply<RenderOutput> =
        error instanceof PageLimitError
          ? { id, ok: true, output: { maxPages: error.maxPages } }
          : { id, ok: false, error };
      port.postMessage(reply);
    },
  );
});
