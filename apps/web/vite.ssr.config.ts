import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { defaultClientConditions, defaultServerConditions, defineConfig, type Plugin } from 'vite';
import { writeCompressed } from './precompress';

/** Where the server finds the address of Ant Design's style sheet (dist-ssr/, never served). */
const STYLES_MANIFEST = 'styles.json';

/** The pages of the browser's build that run the app (the legal pages are plain documents). */
function appPages(dist: string): string[] {
  const pages = path.join(dist, 'pages');
  return [
    path.join(dist, 'index.html'),
    path.join(dist, 'login.html'),
    ...(fs.existsSync(pages) ? fs.readdirSync(pages).filter((f) => f.endsWith('.html')) : []).map((f) =>
      path.join(pages, f),
    ),
  ].filter((file) => fs.existsSync(file));
}

/**
 * Links the style sheet from a page that runs the app, at the end of its body: what the HTML paints
 * before the scripts (the login picture, a member page's frame) does not wait for it, and the app's
 * module scripts do (a script waits for the style sheets the parser met before it has run). So the
 * first Ant Design component rendered finds the sheet's map of styles and every style of the theme
 * as present: none is computed or inserted in the browser. Computing them took most of the 3.7 s
 * from a login's Enter to the quote board's rows on this machine (1.1 s with the sheet).
 */
function linkStyleSheet(html: string, href: string): string {
  const link = `<link rel="stylesheet" href="${href}">`;
  if (html.includes(link)) return html;
  if (!html.includes('</body>')) throw new Error('a page of the build has no </body>');
  return html.replace('</body>', () => `${link}</body>`);
}

/**
 * Ant Design's style sheet, written once per build (src/antd-styles.tsx): into the browser's
 * dist/assets/ under its content's hash, compressed like the rest of it, so it is cached for good;
 * linked from every page that runs the app (linkStyleSheet); its address in dist-ssr/styles.json for
 * the server, which links it from the head of the pages it renders.
 */
function antdStyleSheet(): Plugin {
  let root = '.';
  return {
    name: 'portal-antd-style-sheet',
    apply: 'build',
    configResolved(config) {
      root = config.root;
    },
    async closeBundle() {
      const entry = path.resolve(root, 'dist-ssr', 'antd-styles.js');
      const { antdStyleSheet: extract } = (await import(pathToFileURL(entry).href)) as {
        antdStyleSheet: () => string;
      };
      const text = extract();
      const hash = createHash('sha256').update(text).digest('hex').slice(0, 12);
      const name = `assets/antd-${hash}.css`;
      const file = path.resolve(root, 'dist', name);
      fs.mkdirSync(path.dirname(file), { recursive: true });
      fs.writeFileSync(file, text);
      writeCompressed(file);
      fs.writeFileSync(path.resolve(root, 'dist-ssr', STYLES_MANIFEST), JSON.stringify({ href: `/${name}` }));
      for (const page of appPages(path.resolve(root, 'dist'))) {
        fs.writeFileSync(page, linkStyleSheet(fs.readFileSync(page, 'utf8'), `/${name}`));
        writeCompressed(page);
      }
      // Only the build needed it: the server imports the renderer alone.
      fs.rmSync(entry);
    },
  };
}

/**
 * The server's entry into the web app (src/server-render.tsx): one ES module in dist-ssr/
 * with every dependency inside (the server package does not depend on React or Ant Design), which the
 * server imports at start. dist-ssr/ is not served.
 */
export default defineConfig({
  plugins: [react(), antdStyleSheet()],
  // The public folder is the browser's (dist/).
  publicDir: false,
  // React and Ant Design in their production builds (an SSR build leaves process.env as it is).
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: {
    conditions: ['source', ...defaultClientConditions],
    // The icons' ES build: under the "node" condition the package gives its CommonJS build, which
    // the bundle cannot tree-shake (all 800 icons, 2.9 MB, ~10 MB of the server's memory).
    alias: [{ find: /^@ant-design\/icons$/, replacement: '@ant-design/icons/es' }],
  },
  ssr: {
    noExternal: true,
    resolve: {
      conditions: ['source', ...defaultServerConditions.filter((condition) => condition !== 'module')],
      externalConditions: ['node'],
    },
  },
  build: {
    ssr: true,
    rolldownOptions: { input: ['src/server-render.tsx', 'src/antd-styles.tsx'] },
    outDir: 'dist-ssr',
    emptyOutDir: true,
    target: 'node20',
    sourcemap: false,
    minify: true,
  },
});
