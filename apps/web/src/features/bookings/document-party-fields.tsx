import './strings';
import { BL_TEXT, documentPartyInput, PARTY_LIMITS, partyBlText, type RuleProblem } from '@freight/contract';
import { Col, Form, Input, Row } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { documentText, zodRules } from '../../components/form-rules';
import type { FieldName } from '../../i18n/keys';
import type { BookingFormValues } from './booking-form-values';
import { toParty, type PartyField, type PartyFormValues } from './booking-parties-values';
import { problemRule } from './booking-terms-rules';

const rules = zodRules(documentPartyInput);

/** Each field's length (DCSA's, the contract's), width in the row, and whether it is document text. */
const FIELDS: { name: Exclude<PartyField, 'bl_text'>; max: number; span: number; upper: boolean }[] = [
  { name: 'party_name', max: PARTY_LIMITS.name, span: 12, upper: true },
  { name: 'street', max: PARTY_LIMITS.street, span: 12, upper: true },
  { name: 'city', max: PARTY_LIMITS.city, span: 6, upper: true },
  { name: 'post_code', max: PARTY_LIMITS.postCode, span: 6, upper: true },
  { name: 'state_region', max: PARTY_LIMITS.stateRegion, span: 6, upper: true },
  { name: 'country_code', max: 2, span: 6, upper: true },
  { name: 'contact_name', max: PARTY_LIMITS.contactName, span: 8, upper: true },
  { name: 'phone', max: PARTY_LIMITS.phone, span: 8, upper: false },
  { name: 'email', max: PARTY_LIMITS.email, span: 8, upper: false },
];

type Props = {
  /** the fields' names, relative to a Form.List when inside one */
  name: (string | number)[];
  /** the party's full path in the form, which the rules' problems name */
  path: (string | number)[];
  /** the rules across the parties, at the fields the form shows them */
  problemsOf: (values: BookingFormValues) => readonly RuleProblem[];
};

/**
 * A party as the B/L prints it, typed on the booking: name, address, contact, and its B/L block.
 * The block may be left empty: it is then made of the fields (partyBlText), which the empty box
 * shows, so that what the B/L will print is seen before it is typed otherwise.
 */
export function DocumentPartyFields({ name, path, problemsOf }: Props) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BookingFormValues>();
  const party = Form.useWatch(path, form) as PartyFormValues | undefined;
  const f = (field: FieldName) => t(`shared.fields.${field}`);
  const fieldRules = (field: PartyField): Rule[] => [
    ...rules[field],
    problemRule([...path, field].join('.'), problemsOf),
  ];

  return (
    <Row gutter={16}>
      {FIELDS.map(({ name: field, max, span, upper }) => (
        <Col xs={24} sm={span === 6 ? 12 : 24} lg={span} key={field}>
          <Form.Item
            name={[...name, field]}
            label={f(field)}
            rules={fieldRules(field)}
            normalize={upper ? documentText : undefined}
          >
            <Input maxLength={max} />
          </Form.Item>
        </Col>
      ))}
      <Col span={24}>
        <Form.Item
          name={[...name, 'bl_text']}
          label={f('bl_text')}
          rules={fieldRules('bl_text')}
          normalize={documentText}
          extra={t('bookings.form.blTextHint', { lines: BL_TEXT.lines, width: BL_TEXT.width })}
        >
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: BL_TEXT.lines + 1 }}
            placeholder={partyBlText(toParty(party))}
            style={{ fontFamily: 'monospace' }}
          />
        </Form.Item>
      </Col>
    </Row>
  );
}
