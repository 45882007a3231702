import type { ContactPartyField } from '@freight/contract';
import { Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { currentLocale } from '../../i18n';

/*
 * Contacts saved before the contact book took the B/L's lengths: what is too long in them, as the
 * server's list rows say (`too_long`) or the contract's contactTooLong finds in a contact read.
 */

/** The fields' labels as one list in the interface language. */
export function fieldList(t: TFunction, fields: readonly ContactPartyField[]): string {
  return fields.map((field) => t(`shared.fields.${field}`)).join(currentLocale() === 'zh-CN' ? '、' : ', ');
}

/** The mark of a contact too long for a B/L, naming the fields to shorten; nothing for one that fits. */
export function TooLongTag({ fields }: { fields: readonly ContactPartyField[] }) {
  const { t } = useTranslation();
  if (fields.length === 0) return null;
  return (
    <Tag color="warning" style={{ marginInlineEnd: 0, whiteSpace: 'normal' }}>
      {t('contacts.tooLong', { fields: fieldList(t, fields) })}
    </Tag>
  );
}
