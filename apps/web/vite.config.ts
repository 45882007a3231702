import { execSync } from 'node:child_process';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin } from 'vite';

/** The version fixed at build time: APP_VERSION, else the package version, commit and build time. */
function buildVersion(): string {
  if (process.env.APP_VERSION) return process.env.APP_VERSION;
  let commit = 'local';
  try {
    commit = execSync('git rev-parse --short HEAD', { stdio: ['ignore', 'pipe', 'ignore'] })
      .toString()
      .trim();
  } catch {
    // not a git checkout: the time alone tells builds apart
  }
  return `0.1.0+${commit}.${new Date()
    .toISOString()
    .replace(/[-:.TZ]/g, '')
    .slice(0, 14)}`;
}

/** Emits dist/version.json ({version}), which the server serves at /version.json. */
function versionFile(): Plugin {
  return {
    name: 'portal-version-file',
    apply: 'build',
    generateBundle() {
      this.emitFile({
        type: 'asset',
        fileName: 'version.json',
        source: JSON.stringify({ version: buildVersion() }),
      });
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { manifest: true, sourcemap: false, chunkSizeWarningLimit: 1500 },

  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/version.json': 'http://127.0.0.1:8080' } },
});
