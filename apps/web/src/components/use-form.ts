import { Form, type FormInstance } from 'antd';
import type { NamePath } from 'antd/es/form/interface';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * Form.useForm, plus: when the interface language changes, the fields that show an error are checked
 * again, so their messages are written in the new language (a message shown before a
 * switch stayed in the old language). The check runs after the render in the new language, when
 * every rule's message has been built anew. Every form of the app gets its instance here.
 */
export function useForm<Values>(): [FormInstance<Values>] {
  const [form] = Form.useForm<Values>();
  const { i18n } = useTranslation();
  const language = i18n.language;
  const shown = useRef(language);
  useEffect(() => {
    if (shown.current === language) return;
    shown.current = language;
    const withErrors = form
      .getFieldsError()
      .filter((field) => field.errors.length > 0)
      .map((field) => field.name);
    if (withErrors.length > 0) form.validateFields(withErrors).catch(() => undefined);
  }, [form, language]);
  return [form];
}

/**
 * Checks `fields` (all when omitted), and when one fails, brings the first failing field into view
 * and focuses it: on a phone the error may lie below the button that was pressed.
 */
export async function validateAndShow<Values>(
  form: FormInstance<Values>,
  fields?: NamePath[],
): Promise<boolean> {
  try {
    await (fields ? form.validateFields(fields) : form.validateFields());
    return true;
  } catch {
    const first = form.getFieldsError().find((field) => field.errors.length > 0);
    if (first) form.scrollToField(first.name, { block: 'center', focus: true });
    return false;
  }
}

/**
 * Empties every field of a filter form. A filter form starts from the filters in the page's address,
 * and resetFields would bring those back instead of clearing them.
 */
export function clearFields<Values>(form: FormInstance<Values>): void {
  const values = form.getFieldsValue(true) as Record<string, unknown>;
  const empty = Object.fromEntries(Object.keys(values).map((name) => [name, undefined]));
  form.setFieldsValue(empty as Parameters<typeof form.setFieldsValue>[0]);
}
