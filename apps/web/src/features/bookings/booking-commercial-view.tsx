import './strings';
import { formatMoney, type BookingDetail } from '@freight/contract';
import { Descriptions, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Panel } from '../../components/panel';
import type { FieldName } from '../../i18n/keys';

/**
 * The booking's commercial and B/L terms on its detail page (member and forwarder alike), as far
 * as the booking states them: a booking stating none shows no such panel.
 */
export function BookingCommercialView({ detail }: { detail: BookingDetail }) {
  const { t } = useTranslation();
  const listId = useId();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const yes = t('common.yes');
  const payment = (term: BookingDetail['origin_charges_payment']) =>
    term ? t(`shared.freightTerm.${term}`) : '';
  const items = (
    [
      ['service_contract_reference', detail.service_contract_reference],
      ['purchase_order_reference', detail.purchase_order_reference],
      ['export_license_reference', detail.export_license_reference],
      ['is_equipment_substitution_allowed', detail.is_equipment_substitution_allowed ? yes : ''],
      ['is_partial_load_allowed', detail.is_partial_load_allowed ? yes : ''],
      ['is_export_declaration_required', detail.is_export_declaration_required ? yes : ''],
      ['export_declaration_reference', detail.export_declaration_reference],
      ['declared_value', formatMoney(detail.declared_value, detail.declared_value_currency)],
      ['origin_charges_payment', payment(detail.origin_charges_payment)],
      ['destination_charges_payment', payment(detail.destination_charges_payment)],
      ['freight_payable_at', detail.freight_payable_at ?? ''],
      ['bl_issue_place', detail.bl_issue_place ?? ''],
      [
        'transport_document_type',
        detail.transport_document_type
          ? t(`shared.dictionary.transportDocumentType.${detail.transport_document_type}`)
          : '',
      ],
      ['number_of_originals', detail.number_of_originals === null ? '' : String(detail.number_of_originals)],
    ] satisfies [FieldName, string][]
  ).filter(([, value]) => value !== '');
  const references = detail.customs_references;
  if (items.length === 0 && references.length === 0) return null;

  return (
    <Panel title={t('bookings.detail.commercial')}>
      <Descriptions size="small" column={{ xs: 1, sm: 2, lg: 3 }}>
        {items.map(([name, value]) => (
          <Descriptions.Item key={name} label={f(name)}>
            {value}
          </Descriptions.Item>
        ))}
      </Descriptions>
      {references.length > 0 && (
        <>
          <Typography.Text strong id={listId}>
            {f('customs_references')}
          </Typography.Text>
          <ul aria-labelledby={listId} style={{ margin: '4px 0 0', paddingInlineStart: 24 }}>
            {references.map((reference, index) => (
              <li key={index}>
                {`${reference.type} (${reference.country_code}): ${reference.values.join(', ')}`}
              </li>
            ))}
          </ul>
        </>
      )}
    </Panel>
  );
}
