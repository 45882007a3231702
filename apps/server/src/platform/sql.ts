import { createHash } from 'node:crypto';

/** Escapes LIKE wildcards so that a user's keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Offset of a 1-based page. */
export function pageOffset(page: number, size: number): number {
  return (page - 1) * size;
}

/**
 * Statements built once for each shape of a query and database, for the queries every request
 * runs: Drizzle assembling a query costs more CPU than PostgreSQL running a small one. Each is named
 * by its shape, so on PostgreSQL every connection also parses and plans it only once. The shape
 * must determine the SQL text (values go in as placeholders); at most `max` shapes are kept per
 * database, the least recently used going first.
 */
export function statementsByShape<T>(prefix: string, max = 100) {
  const perDatabase = new WeakMap<object, Map<string, T>>();
  return (db: object, shape: string, build: (name: string) => T): T => {
    let statements = perDatabase.get(db);
    if (!statements) {
      statements = new Map();
      perDatabase.set(db, statements);
    }
    let statement = statements.get(shape);
    if (statement !== undefined) {
      statements.delete(shape);
      statements.set(shape, statement); // most recently used last
      return statement;
    }
    statement = build(`${prefix}_${createHash('sha256').update(shape).digest('hex').slice(0, 24)}`);
    statements.set(shape, statement);
    if (statements.size > max) {
      const oldest = statements.keys().next().value;
      if (oldest !== undefined) statements.delete(oldest);
    }
    return statement;
  };
}
