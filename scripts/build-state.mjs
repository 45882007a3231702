// Tells whether each build output is older than its sources, so `npm start` builds only what is stale.
import fs from 'node:fs';
import path from 'node:path';

const SKIP = new Set(['node_modules', 'dist', '.git', 'data', 'test']);

function newestMtime(target) {
  if (!fs.existsSync(target)) return 0;
  const stat = fs.statSync(target);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let newest = 0;
  for (const entry of fs.readdirSync(target, { withFileTypes: true })) {
    if (SKIP.has(entry.name)) continue;
    newest = Math.max(newest, newestMtime(path.join(target, entry.name)));
  }
  return newest;
}

/** The parts of the build, each with its sources and the file whose age stands for the output. */
export const PARTS = [
  {
    name: 'contract',
    workspace: 'packages/contract',
    sources: ['packages/contract/src', 'packages/contract/package.json'],
    output: 'packages/contract/dist/index.js',
  },
  {
    name: 'server',
    workspace: 'apps/server',
    sources: ['apps/server/src', 'apps/server/package.json', 'packages/contract/src'],
    output: 'apps/server/dist/main.js',
  },
  {
    name: 'web',
    workspace: 'apps/web',
    sources: [
      'apps/web/src',
      'apps/web/index.html',
      'apps/web/public',
      'apps/web/vite.config.ts',
      'apps/web/vite.ssr.config.ts',
      'apps/web/login-shell.ts',
      'apps/web/member-shell.ts',
      'packages/contract/src',
    ],
    // The server's entry into the web app is built last (apps/web/vite.ssr.config.ts).
    output: 'apps/web/dist-ssr/server-render.js',
  },
];

export function staleParts(root) {
  return PARTS.filter((part) => {
    const output = path.join(root, part.output);
    if (!fs.existsSync(output)) return true;
    const built = fs.statSync(output).mtimeMs;
    return part.sources.some((source) => newestMtime(path.join(root, source)) > built);
  });
}
