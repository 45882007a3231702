/** Escapes LIKE wildcards so that a user's keyword matches literally. */
export function likePattern(keyword: string): string {
  return `%${keyword.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
}

/** Offset of a 1-based page. */
export function pageOffset(page: number, size: number): number {
  return (page - 1) * size;
}
