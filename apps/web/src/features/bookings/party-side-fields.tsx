import './strings';
import { bookingInput, type Contact, type RuleProblem } from '@freight/contract';
import { useQueryClient } from '@tanstack/react-query';
import { Button, Flex, Form, Space, Switch, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { queryKeys } from '../../api/query-keys';
import { referenceQuery } from '../../api/reference';
import { zodRules } from '../../components/form-rules';
import type { BookingFormValues } from './booking-form-values';
import { contactToParty, isEmptyParty, TO_ORDER, type PartySide } from './booking-parties-values';
import { problemRule } from './booking-terms-rules';
import { DocumentPartyFields } from './document-party-fields';
import { PartySelect } from './party-select';

const rules = zodRules(bookingInput);

type Props = {
  side: PartySide;
  problemsOf: (values: BookingFormValues) => readonly RuleProblem[];
};

/**
 * The shipper or the consignee: a contact chosen from the book, or the party typed on the booking
 * ("Type the party", prefilled from the contact chosen, if any). Either may be left empty: it can
 * follow with the shipping instructions. The consignee has a TO ORDER button, for a B/L made out
 * to order (the name may then be made TO ORDER OF the bank).
 */
export function PartySideFields({ side, problemsOf }: Props) {
  const { t, i18n } = useTranslation();
  const form = Form.useFormInstance<BookingFormValues>();
  const queryClient = useQueryClient();
  const id = useId();
  const idField = `${side}_id` as const;
  const partyField = `${side}_party` as const;
  const typedField = `${side}_typed` as const;
  // The value at once on the first render too (useWatch has none yet).
  const typed =
    (Form.useWatch(typedField, form) as boolean | undefined) ?? (form.getFieldValue(typedField) as boolean);
  const label = t(`shared.fields.${idField}`);
  const typeLabel = t('bookings.form.typeParty');

  /** Fills a party not typed yet from the contact chosen, as the server would read the contact. */
  const prefill = async () => {
    const contactId = form.getFieldValue(idField) as number | null | undefined;
    const isEmpty = () =>
      isEmptyParty(form.getFieldValue(partyField) as BookingFormValues[typeof partyField]);
    if (typeof contactId !== 'number' || !isEmpty()) return;
    try {
      const contact = await queryClient.fetchQuery({
        queryKey: queryKeys.contacts.one(contactId),
        queryFn: () => api.get<Contact>(`/customer/contact/${contactId}`),
        staleTime: 30_000,
      });
      // The contact book keeps the country by id; the party by its ISO code.
      const countries = await queryClient
        .fetchQuery(referenceQuery('country', i18n.language))
        .catch(() => undefined);
      const code = countries?.lists.find((country) => country.id === contact.country_id)?.code ?? '';
      // The member may have typed, or turned typing off, meanwhile.
      if (form.getFieldValue(typedField) && isEmpty())
        form.setFieldValue(partyField, contactToParty(contact, code));
    } catch {
      // Not prefilled: the fields are there to type.
    }
  };

  const toOrder = () => {
    form.setFieldValue(typedField, true);
    form.setFieldValue([partyField, 'party_name'], TO_ORDER);
  };

  return (
    <div role="group" aria-label={t('bookings.form.partyChoice', { party: label })}>
      <Flex justify="space-between" align="center" wrap gap={8} style={{ marginBottom: 8 }}>
        <Typography.Text strong>{label}</Typography.Text>
        <Space size={12} wrap>
          {side === 'consignee' && (
            <Button size="small" onClick={toOrder}>
              {t('bookings.form.toOrder')}
            </Button>
          )}
          <Space size={4}>
            <Form.Item name={typedField} valuePropName="checked" noStyle>
              <Switch
                id={`${id}-typed`}
                size="small"
                aria-label={typeLabel}
                onChange={(checked) => {
                  if (checked) void prefill();
                }}
              />
            </Form.Item>
            <label htmlFor={`${id}-typed`}>{typeLabel}</label>
          </Space>
        </Space>
      </Flex>
      {typed ? (
        <DocumentPartyFields name={[partyField]} path={[partyField]} problemsOf={problemsOf} />
      ) : (
        <Form.Item
          name={idField}
          rules={[...rules[idField], problemRule(idField, problemsOf)]}
          extra={t('bookings.form.partyLaterHint')}
        >
          <PartySelect party={side} aria-label={label} />
        </Form.Item>
      )}
    </div>
  );
}
