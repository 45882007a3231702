import type { Rule } from 'antd/es/form';
import { sharedFieldLabel, sharedMessage } from '../i18n';

/**
 * "Required, at most `max` characters" with the same localized messages the server's schema gives,
 * for pages that must stay light (the login page loads before anything else, so it skips zod).
 * The server checks the same body with its schema (`loginBody` in @freight/contract).
 */
export function requiredRules(field: string, max: number): Rule[] {
  const params = () => ({ field: sharedFieldLabel(field) });
  return [
    {
      validator: async (_rule, value: unknown) => {
        const text = typeof value === 'string' ? value.trim() : '';
        if (!text) throw new Error(sharedMessage('validation.required', params()));
        if (text.length > max) throw new Error(sharedMessage('validation.tooLong', { ...params(), max }));
      },
    },
  ];
}
