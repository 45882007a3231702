// `npm run build -w apps/server` runs this after tsc: makes the demo template a new embedded
// database starts from (template.ts), unless the one there was made from this very build.
import Fastify from 'fastify';
import { BUILT_TEMPLATE, buildStamp, makeDemoTemplate, templateProblem } from './template.js';

const stamp = buildStamp();
if (templateProblem(BUILT_TEMPLATE, stamp)) {
  const started = performance.now();
  // A quiet logger: the seed's own (Fastify's abstract logger of an app that logs nothing).
  await makeDemoTemplate(BUILT_TEMPLATE, { log: Fastify({ logger: false }).log, stamp });
  console.log(`Demo template made in ${((performance.now() - started) / 1000).toFixed(1)} s`);
}
