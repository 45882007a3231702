import { cpus } from 'node:os';
import { Worker, type WorkerOptions } from 'node:worker_threads';

/*
 * CPU-heavy work (laying out a PDF of a hundred pages) on worker threads, so that the request
 * thread keeps answering while it runs. Workers start with the first task, not with the server,
 * and end after a while without one: a server that prints nothing holds none of their memory.
 */

/** The workers' script: the built `.js` beside the caller, or its TypeScript source under tsx. */
export function workerScript(callerUrl: string, name: string): { filename: URL; options: WorkerOptions } {
  // Sources (tests, `npm run dev`) run through a loader the worker does not inherit: a small
  // script registers tsx in the worker, then imports the TypeScript file.
  if (callerUrl.endsWith('.ts'))
    return {
      filename: new URL('./source-worker.mjs', import.meta.url),
      options: {
        workerData: { entry: new URL(`./${name}.ts`, callerUrl).href },
        execArgv: ['--conditions=source'],
      },
    };
  return { filename: new URL(`./${name}.js`, callerUrl), options: {} };
}

/** One to two workers: the request thread keeps a core of its own on a small machine. */
export const defaultWorkerCount = () => Math.max(1, Math.min(2, cpus().length));

export type WorkerRequest<In> = { id: number; input: In };
export type WorkerReply<Out> =
  { id: number; ok: true; output: Out } | { id: number; ok: false; error: unknown };

type Job = {
  id: number;
  input: unknown;
  resolve: (value: unknown) => void;
  reject: (error: unknown) => void;
};
type Slot = { worker: Worker; job: Job | undefined; idle: NodeJS.Timeout | undefined };

/**
 * `size` workers running one task each; further tasks wait in order. A worker that dies takes its
 * task with it (rejected) and is replaced by the next task's.
 */
export class WorkerPool<In, Out> {
  private readonly slots: Slot[] = [];
  private readonly pending: Job[] = [];
  private nextId = 1;
  private closed = false;

  constructor(
    private readonly script: { filename: URL; options: WorkerOptions },
    private readonly size: number,
    private readonly idleMs = 60_000,
  ) {}

  run(input: In): Promise<Out> {
    if (this.closed) return Promise.reject(new Error('worker pool closed'));
    return new Promise<Out>((resolve, reject) => {
      const job: Job = { id: this.nextId++, input, resolve: resolve as (value: unknown) => void, reject };
      this.pending.push(job);
      this.dispatch();
    });
  }

  /** Workers alive now (started and not yet ended). */
  get workers(): number {
    return this.slots.length;
  }

  async close(): Promise<void> {
    this.closed = true;
    for (const job of this.pending.splice(0)) job.reject(new Error('worker pool closed'));
    await Promise.all(this.slots.splice(0).map((slot) => this.end(slot)));
  }

  private dispatch() {
    while (this.pending.length > 0) {
      let slot = this.slots.find((s) => !s.job);
      if (!slot && this.slots.length < this.size) slot = this.start();
      if (!slot) return;
      const job = this.pending.shift();
      if (!job) return;
      if (slot.idle) clearTimeout(slot.idle);
      slot.idle = undefined;
      slot.job = job;
      slot.worker.postMessage({ id: job.id, input: job.input } satisfies WorkerRequest<unknown>);
    }
  }

  private start(): Slot {
    const worker = new Worker(this.script.filename, {
      ...this.script.options,
      // A runaway document fails alone instead of growing the process without bound.
      resourceLimits: { maxOldGenerationSizeMb: 256 },
    });
    // An idle worker never keeps the process alive; one at work is waited for by its request.
    worker.unref();
    const slot: Slot = { worker, job: undefined, idle: undefined };
    worker.on('message', (reply: WorkerReply<Out>) => {
      const job = slot.job;
      if (!job || job.id !== reply.id) return;
      slot.job = undefined;
      if (reply.ok) job.resolve(reply.output);
      else job.reject(reply.error);
      slot.idle = setTimeout(() => this.retire(slot), this.idleMs).unref();
      this.dispatch();
    });
    const lost = (error: unknown) => {
      const index = this.slots.indexOf(slot);
      if (index < 0) return;
      this.slots.splice(index, 1);
      if (slot.idle) clearTimeout(slot.idle);
      slot.job?.reject(error);
      slot.job = undefined;
      if (!this.closed) this.dispatch();
    };
    worker.on('error', lost);
    worker.on('exit', (code) => lost(new Error(`worker stopped with exit code ${code}`)));
    this.slots.push(slot);
    return slot;
  }

  private retire(slot: Slot) {
    const index = this.slots.indexOf(slot);
    if (index < 0 || slot.job) return;
    this.slots.splice(index, 1);
    void this.end(slot);
  }

  private async end(slot: Slot) {
    if (slot.idle) clearTimeout(slot.idle);
    slot.job?.reject(new Error('worker pool closed'));
    slot.job = undefined;
    await slot.worker.terminate();
  }
}
