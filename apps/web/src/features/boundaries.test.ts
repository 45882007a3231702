import { describe, expect, it } from 'vitest';

/*
 * A feature's files are its own: what several features use lives in components/, api/, app/ or
 * i18n/, so that changing one feature's page never breaks another's, and a page loads no other
 * feature's code. Only the app's shell (app/: router, layout) reaches into features.
 */
const sources = import.meta.glob<string>(['../**/*.{ts,tsx}', '!../**/*.test.{ts,tsx}'], {
  query: '?raw',
  import: 'default',
  eager: true,
});

/** The src-relative path an import of `from` (a src-relative file) names, or undefined when a package. */
function resolved(from: string, specifier: string): string | undefined {
  if (!specifier.startsWith('.')) return undefined;
  const parts = from.split('/').slice(0, -1);
  for (const part of specifier.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.') parts.push(part);
  }
  return parts.join('/');
}

function imports(): { file: string; target: string }[] {
  return Object.entries(sources).flatMap(([path, text]) => {
    const file = path.replace(/^\.\.\//, '');
    const specifiers = [...text.matchAll(/(?:from|import)\s*\(?\s*'([^']+)'/g)].map(
      (match) => match[1] ?? '',
    );
    return specifiers.flatMap((specifier) => {
      const target = resolved(file, specifier);
      return target === undefined ? [] : [{ file, target }];
    });
  });
}

const featureOf = (path: string) => /^features\/([^/]+)\//.exec(path)?.[1];

describe('feature boundaries', () => {
  it('reads the sources it checks', () => {
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    expect(imports().some(({ target }) => target === 'components/reference-select')).toBe(true);
  });

  it('no feature imports another feature’s files', () => {
    const crossings = imports()
      .filter(
        ({ file, target }) => featureOf(file) && featureOf(target) && featureOf(file) !== featureOf(target),
      )
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(crossings).toEqual([]);
  });

  it('shared code imports no feature', () => {
    const shared = /^(components|api|i18n)\//;
    const intoFeatures = imports()
      .filter(({ file, target }) => shared.test(file) && featureOf(target))
      .map(({ file, target }) => `${file} -> ${target}`);
    expect(intoFeatures).toEqual([]);
  });
});
