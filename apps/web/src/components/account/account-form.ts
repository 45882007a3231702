import { IMAGE_EXTENSIONS, IMAGE_MAX_BYTES, IMAGE_TYPES } from '@freight/contract';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import type { StringKey } from '../../i18n/keys';

/** Fields of the company form that must be filled; marks the asterisk. */
export const REQUIRED_COMPANY_FIELDS = ['linkman', 'phone', 'company1', 'address1', 'city', 'country_id'];

/** The business-info multi-selects, sent as comma-joined id lists and read back the same way. */
export const ID_LIST_FIELDS = ['industries', 'businesses', 'routes', 'ports'] as const;
export type IdListField = (typeof ID_LIST_FIELDS)[number];

export const joinIds = (ids: readonly number[] | undefined): string => (ids ?? []).join(',');

export const splitIds = (text: string | null | undefined): number[] =>
  text ? text.split(',').filter(Boolean).map(Number) : [];

/** A picked image held in the page until submit, with its preview address. */
export type PickedImage = { file: File; url: string };

export function releaseImage(image: PickedImage | null | undefined): void {
  if (image) URL.revokeObjectURL(image.url);
}

/** Uploads: jpg, jpeg or png, at most 2 MB; answers the message key of the failure. */
export function imageProblem(file: File): StringKey | undefined {
  const name = file.name.toLowerCase();
  const typeOk =
    (IMAGE_TYPES as readonly string[]).includes(file.type) ||
    IMAGE_EXTENSIONS.some((ext) => name.endsWith(ext));
  if (!typeOk) return 'shared.account.imageType';
  if (file.size > IMAGE_MAX_BYTES) return 'shared.account.imageSize';
  return undefined;
}

/** The confirmation field's rule: required, and equal to the `password` field. */
export function confirmPasswordRules(t: TFunction, options: { required: boolean; label: string }): Rule[] {
  return [
    ({ getFieldValue }) => ({
      validator: async (_rule, value: unknown) => {
        const password: unknown = getFieldValue('password');
        if (!value && !password && !options.required) return;
        if (!value) throw new Error(t('shared.validation.required', { field: options.label }));
        if (value !== password) throw new Error(t('shared.account.passwordMismatch'));
      },
    }),
  ];
}

/** Form values as multipart text fields (empty values are sent as ''; lists comma-joined). */
export function toFormData(
  values: Record<string, unknown>,
  files: Record<string, File | undefined>,
): FormData {
  const data = new FormData();
  for (const [key, value] of Object.entries(values)) {
    if (value === undefined || value === null) continue;
    data.append(key, Array.isArray(value) ? value.join(',') : String(value));
  }
  for (const [key, file] of Object.entries(files)) if (file) data.append(key, file, file.name);
  return data;
}
