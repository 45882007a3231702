import type { OkEnvelope } from '@freight/contract';

/** The success envelope of ARCHITECTURE.md. */
export function ok<T>(data: T): OkEnvelope<T> {
  return { code: 0, msg: 'ok', data };
}
