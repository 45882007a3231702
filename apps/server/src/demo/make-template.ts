// `npm run build -w apps/server` runs this after tsc: makes the demo template a new embedded
// database starts from (template.ts), unless the one there was made from this very build.
// `node dist/demo/make-template.js <dir>` makes one in <dir> whatever is there (the bench times it).
import path from 'node:path';
import Fastify from 'fastify';
import { BUILT_TEMPLATE, buildStamp, makeDemoTemplate, templateProblem } from './template.js';

const target = process.argv[2] ? path.resolve(process.argv[2]) : BUILT_TEMPLATE;
const stamp = buildStamp();
if (target !== BUILT_TEMPLATE || templateProblem(target, stamp)) {
  const started = performance.now();
  // A quiet logger: the seed's own (Fastify's abstract logger of an app that logs nothing).
  await makeDemoTemplate(target, { log: Fastify({ logger: false }).log, stamp });
  console.log(`Demo template made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
