// The entry of a worker started from the TypeScript sources (tests, `npm run dev`): the loader of
// the main thread does not reach worker threads, so this one registers tsx before it imports the
// worker's module. The built server starts the compiled `.js` directly and never loads this file.
import { workerData } from 'node:worker_threads';
import { register } from 'tsx/esm/api';

register();
await import(workerData.entry);
