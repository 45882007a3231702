import type { FormInstance } from 'antd';
import { ApiError } from '../api/http';

/**
 * The message of any failure: the server's localized message (for a rejected field it names the
 * field), else the first field error's, else the fallback.
 */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof ApiError) return error.message || error.fields[0]?.message || fallback;
  if (error instanceof Error) return error.message || fallback;
  return fallback;
}

const wirePath = (field: string) =>
  field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part));

/**
 * Puts the server's field errors on the form's fields, each where `fieldPath` says the form holds
 * it (by default at the wire's path); true when at least one field matched.
 */
export function applyFieldErrors(
  form: FormInstance,
  error: unknown,
  fieldPath: (field: string) => (string | number)[] = wirePath,
): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const matched = error.fields.filter((item) => known.has(item.field.split('.')[0] ?? ''));
  form.setFields(matched.map((item) => ({ name: fieldPath(item.field), errors: [item.message] })));
  return matched.length > 0;
}
