import type { Messages } from '@freight/contract';
import type { ParseKeys } from 'i18next';

/** Any key `t` accepts (the strings of ./i18next.d.ts): for a key kept in a value before it is shown. */
export type StringKey = ParseKeys;

/** A field's name in the shared catalog (`shared.fields.<name>`): a label asked for by name is checked too. */
export type FieldName = keyof Messages['fields'];
