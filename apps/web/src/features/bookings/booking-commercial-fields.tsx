import './strings';
import {
  bookingInput,
  COMMERCIAL_LIMITS,
  commercialProblems,
  FREIGHT_TERMS,
  ISO_CURRENCY_CODES,
  ORIGINALS_MAX,
  TRANSPORT_DOCUMENT_TYPES,
  type FreightTerm,
  type TransportDocumentType,
} from '@freight/contract';
import { Checkbox, Col, Collapse, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { FormInstance, Rule } from 'antd/es/form';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { documentText, zodRules } from '../../components/form-rules';
import type { FieldName } from '../../i18n/keys';
import {
  COMMERCIAL_FIELDS,
  hasCommercialTerms,
  isEmptyCustomsReference,
  toCommercialTerms,
} from './booking-commercial-values';
import type { BookingFormValues } from './booking-form-values';
import { problemRule, revealing } from './booking-terms-rules';
import { CustomsReferencesEditor } from './customs-references-editor';
import { FoldErrorsWatcher, useFold } from './folded-section';

const rules = zodRules(bookingInput);
type CommercialField = (typeof COMMERCIAL_FIELDS)[number];
const commercialProblemsOf = (values: BookingFormValues) => commercialProblems(toCommercialTerms(values));

/** The fields whose rule reads another: each is checked again when its partner changes. */
const PARTNERS: Partial<Record<CommercialField, CommercialField[]>> = {
  declared_value: ['declared_value_currency'],
  declared_value_currency: ['declared_value'],
  transport_document_type: ['number_of_originals'],
  number_of_originals: ['transport_document_type'],
  export_declaration_reference: ['is_export_declaration_required'],
};

/** The references, their length and whether they are UN/LOCODEs. */
const TEXTS: { name: CommercialField; max: number; isLocode?: boolean }[] = [
  { name: 'purchase_order_reference', max: COMMERCIAL_LIMITS.reference },
  { name: 'export_license_reference', max: COMMERCIAL_LIMITS.reference },
  { name: 'freight_payable_at', max: 6, isLocode: true },
  { name: 'bl_issue_place', max: 6, isLocode: true },
];

/**
 * Takes the customs references left empty out of the form before it is checked and sent (as the
 * loading stops, dropEmptyStops): they are not sent, and a refusal names a row by its place.
 */
export function dropEmptyCustomsReferences(form: FormInstance<BookingFormValues>): void {
  const lines = (form.getFieldValue('customs_references') as BookingFormValues['customs_references']) ?? [];
  const kept = lines.filter((line) => !isEmptyCustomsReference(line));
  if (kept.length !== lines.length) form.setFieldValue('customs_references', kept);
}

/**
 * The booking's commercial and B/L terms, all optional and folded away unless the booking states
 * some (a plain booking is filled in as before): the service contract (not for a booking from a
 * quote, whose price the quote sets), what the carrier may do, the export declaration, the declared
 * value, who pays the charges at each end and where, the B/L asked for, and the references.
 * Refused while folded (once opened, its fields stay in the form), a field unfolds the section
 * (./folded-section.tsx).
 */
export function BookingCommercialFields({ fromQuote }: { fromQuote: boolean }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BookingFormValues>();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const { open, show, reveal, openOnErrors } = useFold(() =>
    hasCommercialTerms(form.getFieldsValue(true) as BookingFormValues),
  );
  const isDeclared =
    (Form.useWatch('is_export_declaration_required', form) as boolean | undefined) ??
    (form.getFieldValue('is_export_declaration_required') as boolean | undefined);
  const fieldRules = (name: CommercialField): Rule[] =>
    [...rules[name], problemRule(name, commercialProblemsOf)].map((rule) => revealing(rule, reveal));
  const item = (
    name: CommercialField,
    control: ReactNode,
    props: { extra?: string; normalize?: typeof documentText } = {},
  ) => (
    <Form.Item
      name={name}
      label={f(name)}
      rules={fieldRules(name)}
      dependencies={PARTNERS[name]}
      extra={props.extra}
      normalize={props.normalize}
    >
      {control}
    </Form.Item>
  );
  const check = (name: CommercialField) => (
    <Form.Item name={name} valuePropName="checked" style={{ marginBottom: 8 }}>
      <Checkbox>{f(name)}</Checkbox>
    </Form.Item>
  );
  const payment = (name: 'origin_charges_payment' | 'destination_charges_payment') =>
    item(
      name,
      <Select<FreightTerm>
        allowClear
        placeholder={t('bookings.form.notSpecified')}
        options={FREIGHT_TERMS.map((term) => ({ value: term, label: t(`shared.freightTerm.${term}`) }))}
      />,
    );

  const children = (
    <>
      <Typography.Paragraph type="secondary">{t('bookings.form.commercialHint')}</Typography.Paragraph>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={8}>
          {item(
            'service_contract_reference',
            <Input maxLength={COMMERCIAL_LIMITS.serviceContract} disabled={fromQuote} />,
            { extra: fromQuote ? t('bookings.form.contractFromQuote') : undefined, normalize: documentText },
          )}
        </Col>
        {TEXTS.map(({ name, max, isLocode }) => (
          <Col xs={24} sm={12} lg={isLocode ? 4 : 8} key={name}>
            <Form.Item name={name} label={f(name)} rules={fieldRules(name)} normalize={documentText}>
              <Input
                maxLength={max}
                placeholder={isLocode ? t('bookings.form.locodePlaceholder') : undefined}
              />
            </Form.Item>
          </Col>
        ))}
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={8}>
          {check('is_equipment_substitution_allowed')}
          {check('is_partial_load_allowed')}
          {check('is_export_declaration_required')}
        </Col>
        <Col xs={24} sm={12} lg={8}>
          <Form.Item
            name="export_declaration_reference"
            label={f('export_declaration_reference')}
            rules={fieldRules('export_declaration_reference')}
            dependencies={PARTNERS.export_declaration_reference}
            normalize={documentText}
            extra={isDeclared ? undefined : t('bookings.form.declarationWhenRequired')}
          >
            {/* Kept while the box is cleared, sent only with a declaration required. */}
            <Input maxLength={COMMERCIAL_LIMITS.reference} disabled={!isDeclared} />
          </Form.Item>
        </Col>
      </Row>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={6}>
          {item('declared_value', <Input inputMode="decimal" maxLength={15} />)}
        </Col>
        <Col xs={24} sm={12} lg={6}>
          {item(
            'declared_value_currency',
            <Select<string>
              allowClear
              showSearch
              placeholder={t('bookings.form.notSpecified')}
              options={ISO_CURRENCY_CODES.map((code) => ({ value: code, label: code }))}
            />,
          )}
        </Col>
        <Col xs={24} sm={12} lg={6}>
          {payment('origin_charges_payment')}
        </Col>
        <Col xs={24} sm={12} lg={6}>
          {payment('destination_charges_payment')}
        </Col>
        <Col xs={24} sm={12} lg={6}>
          {item(
            'transport_document_type',
            <Select<TransportDocumentType>
              allowClear
              placeholder={t('bookings.form.notSpecified')}
              options={TRANSPORT_DOCUMENT_TYPES.map((type) => ({
                value: type,
                label: t(`shared.dictionary.transportDocumentType.${type}`),
              }))}
              onChange={(type) => {
                // A sea waybill has no originals: 0 is what it takes, unless some are given already.
                const originals = form.getFieldValue('number_of_originals') as number | null | undefined;
                if (type === 'SWB' && (originals === null || originals === undefined))
                  form.setFieldValue('number_of_originals', 0);
              }}
            />,
          )}
        </Col>
        <Col xs={24} sm={12} lg={6}>
          {item(
            'number_of_originals',
            <InputNumber<number> min={0} max={ORIGINALS_MAX} precision={0} style={{ width: '100%' }} />,
            { extra: t('bookings.form.originalsHint', { max: ORIGINALS_MAX }) },
          )}
        </Col>
      </Row>
      <CustomsReferencesEditor reveal={reveal} />
    </>
  );

  return (
    <>
      <FoldErrorsWatcher names={COMMERCIAL_FIELDS} onErrors={openOnErrors} />
      <Collapse
        style={{ marginBottom: 16 }}
        activeKey={open ? ['commercial'] : []}
        onChange={(keys) => show(keys.includes('commercial'))}
        // Rendered once first opened, then kept: a booking stating none has nothing to check while
        // the section was never opened, and one stating some starts open (the form stays light).
        items={[{ key: 'commercial', label: t('bookings.form.commercial'), children }]}
      />
    </>
  );
}
