import { execSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defineConfig, type Plugin, type Rollup } from 'vite';
import { loginHtml } from './login-shell';
import { memberHtml } from './member-shell';
import { writeCompressed } from './precompress';

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

/** What a step on the finished index.html may do: read it, change it, add a file beside it. */
type IndexHtmlStep = {
  html: string;
  bundle: Rollup.OutputBundle;
  replaceIndex: (html: string) => void;
  emit: (fileName: string, source: string) => void;
};

/** A build step run once Vite has written its scripts and styles into index.html (in plugin order). */
function indexHtmlStep(name: string, step: (context: IndexHtmlStep) => void): Plugin {
  return {
    name,
    apply: 'build',
    enforce: 'post',
    generateBundle: {
      order: 'post',
      handler(_options, bundle) {
        const index = bundle['index.html'];
        if (!index || index.type !== 'asset') throw new Error('the build has no index.html');
        const html = String(index.source);
        if (!html.includes('</head>')) throw new Error('index.html has no </head>');
        step({
          html,
          bundle,
          replaceIndex: (next) => (index.source = next),
          emit: (fileName, source) => this.emitFile({ type: 'asset', fileName, source }),
        });
      },
    },
  };
}

/** Writes dist/login.html: index.html with the login page's HTML shell (login-shell.ts). */
function loginPage(): Plugin {
  return indexHtmlStep('portal-login-page', ({ html, emit }) => emit('login.html', loginHtml(html)));
}

/** The chunks of a bundle, and the closure of static imports of some of them. */
function chunkGraph(bundle: Rollup.OutputBundle) {
  const chunks = Object.values(bundle).filter((item): item is Rollup.OutputChunk => item.type === 'chunk');
  const byFile = new Map(chunks.map((chunk) => [chunk.fileName, chunk]));
  const closure = (files: string[], into = new Set<string>()): Set<string> => {
    for (const file of files) {
      if (into.has(file)) continue;
      into.add(file);
      closure(byFile.get(file)?.imports ?? [], into);
    }
    return into;
  };
  const entry = closure(chunks.filter((chunk) => chunk.isEntry).map((chunk) => chunk.fileName));
  const fileOf = (module: string): string => {
    // The module's own chunk, or the shared one the bundler put it in.
    const chunk =
      chunks.find((item) => item.facadeModuleId?.endsWith(`/${module}`)) ??
      chunks.find((item) => item.moduleIds.some((id) => id.endsWith(`/${module}`)));
    if (!chunk) throw new Error(`no chunk for ${module}`);
    return chunk.fileName;
  };
  /** `modulepreload` links for the scripts of `modules` that neither the entry nor `loaded` load. */
  const preloads = (modules: string[], loaded: string[] = []): string => {
    const skip = closure(loaded.map(fileOf), new Set(entry));
    return [...closure(modules.map(fileOf))]
      .filter((file) => !skip.has(file))
      .map((file) => `<link rel="modulepreload" crossorigin href="/${file}">`)
      .join('');
  };
  return { preloads };
}

const APP = 'src/app/mount.tsx';

/**
 * The entry (src/main.tsx) imports the app (src/app/mount.tsx: React DOM, Ant Design, the router)
 * with import(), so that it can ask for the first page's data before running them. Vite preloads
 * only static imports: this names the app's scripts in index.html too (and so in every variant made
 * from it below), so a first load fetches them at once, as before.
 */
function appPreload(): Plugin {
  return indexHtmlStep('portal-app-preload', ({ html, bundle, replaceIndex }) =>
    replaceIndex(html.replace('</head>', () => `${chunkGraph(bundle).preloads([APP])}</head>`)),
  );
}

/** The member pages whose scripts the first load fetches beside the entry's: path → source modules. */
const MEMBER_PAGES: Record<string, string[]> = {
  '/quotes': ['src/features/quotes/quotes-page.tsx', 'src/features/quotes/quotes-api.ts'],
  '/bookings': ['src/features/bookings/bookings-page.tsx', 'src/features/bookings/bookings-api.ts'],
  '/received-bookings': ['src/features/bookings/bookings-page.tsx', 'src/features/bookings/bookings-api.ts'],
};
/** Every member page needs the layout and the strings of one language (which one, only the page knows). */
const MEMBER_COMMON = ['src/app/main-layout.tsx', 'src/i18n/locales/zh-CN.ts', 'src/i18n/locales/en-US.ts'];

/**
 * Writes a variant of index.html for each member page of MEMBER_PAGES (dist/pages/*.html, listed in
 * dist/pages.json for the server) that names the page's scripts as `modulepreload` links: they then
 * load beside the entry's instead of each waiting for the one before to run (the entry, the
 * language's strings, the layout, the page), one round trip and more each on a slow link.
 * The page's data is asked for early too, by app/preload.ts.
 */
function memberPages(): Plugin {
  return indexHtmlStep('portal-member-pages', ({ html, bundle, emit }) => {
    const { preloads } = chunkGraph(bundle);
    const pages: Record<string, string> = {};
    for (const [route, modules] of Object.entries(MEMBER_PAGES)) {
      const links = preloads([...MEMBER_COMMON, ...modules], [APP]);
      const fileName = `pages/${route.slice(1)}.html`;
      emit(fileName, memberHtml(html.replace('</head>', () => `${links}</head>`)));
      pages[route] = fileName;
    }
    emit('pages.json', JSON.stringify(pages));
  });
}

/** Text files worth compressing; images and fonts in woff2 are compressed already. */
const COMPRESSIBLE_FILE = /\.(?:js|mjs|css|html|svg|json|txt|xml|webmanifest|map)$/u;

/** Compresses every text file of the build once (writeCompressed). */
function precompress(): Plugin {
  let outDir = 'dist';
  return {
    name: 'portal-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle() {
      const files = fs.readdirSync(outDir, { recursive: true, encoding: 'utf8' });
      for (const name of files) {
        const file = path.join(outDir, name);
        if (!COMPRESSIBLE_FILE.test(name) || !fs.statSync(file).isFile()) continue;
        writeCompressed(file);
      }
    },
  };
}

export default defineConfig({
  plugins: [react(), versionFile(), appPreload(), memberPages(), loginPage(), precompress()],
  resolve: { conditions: ['source', ...defaultClientConditions] },
  build: { manifest: true, sourcemap: false, chunkSizeWarningLimit: 1500 },

  server: { proxy: { '/api': 'http://127.0.0.1:8080', '/version.json': 'http://127.0.0.1:8080' } },
});
