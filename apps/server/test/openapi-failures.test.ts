import { afterAll, beforeAll, expect, it } from 'vitest';
import { createTestApp, describeEachDatabase, type TestApp } from './helpers.js';

type Operation = {
  security?: Record<string, string[]>[];
  parameters?: { in: string }[];
  requestBody?: { content: Record<string, unknown> };
  responses: Record<string, unknown>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

/**
 * The statuses each route documents must be those its kind can answer: the document is what
 * clients and the reference page read, and each route used to write its own list, which drifted.
 * The sign-in of a route is documented from the rule it really runs (`documentSignIn`), so the
 * checks below hold the reply maps to the hooks and the paths, not to themselves.
 */
describeEachDatabase('OpenAPI failure replies', (kind) => {
  let t: TestApp;
  let operations: { name: string; path: string; method: string; operation: Operation }[];
  beforeAll(async () => {
    t = await createTestApp(kind);
    const doc = (await t.app.inject({ method: 'GET', url: '/api/openapi.json' })).json() as Document;
    operations = Object.entries(doc.paths).flatMap(([path, methods]) =>
      Object.entries(methods).map(([method, operation]) => ({
        name: `${method.toUpperCase()} ${path}`,
        path,
        method,
        operation,
      })),
    );
  });
  afterAll(() => t.close());

  const statuses = (operation: Operation) => Object.keys(operation.responses);
  const scheme = (operation: Operation) => Object.keys(operation.security?.[0] ?? {})[0];

  it('documents sign-in on the routes behind it, of both kinds', () => {
    const schemes = new Set(operations.map(({ operation }) => scheme(operation)));
    expect(schemes).toEqual(new Set([undefined, 'session', 'member']));
  });

  it('documents 401 on every signed-in route and 403 on every route that checks more', () => {
    const wrong = operations.flatMap(({ name, operation }) => {
      const has = statuses(operation);
      const kindOf = scheme(operation);
      if (!kindOf) return [];
      const missing = [
        kindOf && !has.includes('401') ? '401' : '',
        kindOf === 'member' && !has.includes('403') ? '403' : '',
      ];
      const extra = kindOf === 'session' && has.includes('403') ? ['no 403'] : [];
      return [...missing.filter(Boolean), ...extra].map((status) => `${name}: ${status}`);
    });
    expect(wrong).toEqual([]);
  });

  it('documents 401 on a public route only where a single-use ticket stands in for the session', () => {
    const wrong = operations
      .filter(({ operation }) => !scheme(operation))
      .filter(({ operation }) => statuses(operation).includes('401'))
      .map(({ name }) => name);
    expect(wrong).toEqual(['GET /api/notifications/stream']);
  });

  it('documents only statuses of the HTTP contract', () => {
    const known = new Set(['200', '400', '401', '403', '404', '409', '413', '415', '422', '429', '503']);
    const wrong = operations.flatMap(({ name, operation }) =>
      statuses(operation)
        .filter((status) => !known.has(status))
        .map((status) => `${name}: ${status}`),
    );
    expect(wrong).toEqual([]);
  });

  it('documents 404 on every route that names a row in its path', () => {
    const wrong = operations
      .filter(({ path }) => path.includes('{'))
      .filter(({ operation }) => !statuses(operation).includes('404'))
      .map(({ name }) => name);
    expect(wrong).toEqual([]);
  });

  it('documents 400 on every route that takes input', () => {
    const wrong = operations
      .filter(({ operation }) => (operation.parameters?.length ?? 0) > 0 || operation.requestBody)
      .filter(({ operation }) => !statuses(operation).includes('400'))
      .map(({ name }) => name);
    expect(wrong).toEqual([]);
  });

  it('documents 413 and 415 on every upload', () => {
    const wrong = operations
      .filter(({ operation }) => operation.requestBody?.content['multipart/form-data'])
      .filter(({ operation }) => !statuses(operation).includes('413') || !statuses(operation).includes('415'))
      .map(({ name }) => name);
    expect(wrong).toEqual([]);
  });
});
