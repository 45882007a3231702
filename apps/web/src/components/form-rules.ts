import { localizeIssue, PARSE_OPTIONS, toDocumentText } from '@freight/contract';
import type { Rule } from 'antd/es/form';
import { z } from 'zod';
import { sharedCatalog } from '../i18n';

/**
 * An Ant Design form rule from a field's schema in @freight/contract, so the page checks exactly
 * what the server checks, with the same localized message naming the field.
 */
function zodRule(field: string, schema: z.ZodType): Rule {
  const wrapper = z.object({ [field]: schema });
  return {
    // Marks the label as required (the asterisk) when the schema refuses a missing value; the
    // validator below still decides, with the server's message.
    required: !schema.safeParse(undefined).success,
    validator: async (_rule, value: unknown) => {
      const result = wrapper.safeParse({ [field]: value === null ? undefined : value }, PARSE_OPTIONS);
      if (result.success) return;
      const issue = result.error.issues[0];
      if (issue) throw new Error(localizeIssue(issue, sharedCatalog()).message);
    },
  };
}

/**
 * Form.Item `normalize` of the fields that go onto shipping documents: lowercase becomes upper case
 * as the user types (the contract's toDocumentText, which the server applies too).
 */
export const documentText = (value: unknown) => (typeof value === 'string' ? toDocumentText(value) : value);

/** Rules for every field of a zod object schema, keyed by field name. */
export function zodRules<T extends z.ZodRawShape>(schema: z.ZodObject<T>): Record<keyof T, Rule[]> {
  const rules = {} as Record<keyof T, Rule[]>;
  for (const [field, fieldSchema] of Object.entries(schema.shape)) {
    rules[field as keyof T] = [zodRule(field, fieldSchema as z.ZodType)];
  }
  return rules;
}
