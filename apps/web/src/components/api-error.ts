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

/** Puts the server's field errors on the form's fields; true when at least one field matched. */
export function applyFieldErrors(form: FormInstance, error: unknown): boolean {
  if (!(error instanceof ApiError) || error.fields.length === 0) return false;
  const known = new Set(Object.keys(form.getFieldsValue(true) as Record<string, unknown>));
  const matched = error.fields.filter((item) => known.has(item.field.split('.')[0] ?? ''));
  form.setFields(
    matched.map((item) => ({
      name: item.field.split('.').map((part) => (/^\d+$/.test(part) ? Number(part) : part)),
      errors: [item.message],
    })),
  );
  return matched.length > 0;
}
