import './strings';
import { bookingContactInput, NOTIFY_PARTIES_MAX, PARTY_LIMITS } from '@freight/contract';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Checkbox, Col, Form, Input, Row, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../components/form-rules';
import { Panel } from '../../components/panel';
import type { FieldName } from '../../i18n/keys';
import type { BookingFormValues } from './booking-form-values';
import { emptyParty, isEmptyParty, partiesProblemsOf } from './booking-parties-values';
import { problemFor, problemMessage, problemRule } from './booking-terms-rules';
import { DocumentPartyFields } from './document-party-fields';
import { PartySideFields } from './party-side-fields';
import type { FormInstance } from 'antd/es/form';

const contactRules = zodRules(bookingContactInput);
const LIST = 'notify_parties';
const problemsOf = (values: BookingFormValues) => partiesProblemsOf(values);
const ROW_STYLE = { border: '1px dashed #d9d9d9', borderRadius: 8, padding: '8px 12px', marginBottom: 8 };

/**
 * The fields a rule across the parties may refuse, besides the one changed: shown again once
 * another changes (a TO ORDER consignee's notify party given, an e-mail for a contact's phone).
 */
const RECHECKED = new Set<unknown>([
  'consignee_id',
  'shipper_party',
  'consignee_party',
  'consignee_is_notify',
  LIST,
  'booking_contact',
]);

/** Checks again, on every change of the parties, those of their fields that show an error. */
function PartiesRecheck() {
  const form = Form.useFormInstance<BookingFormValues>();
  const watched = Form.useWatch(
    (values: BookingFormValues) => [
      values.shipper_typed,
      values.consignee_typed,
      values.consignee_id,
      values.shipper_party,
      values.consignee_party,
      values.consignee_is_notify,
      values.notify_parties,
      values.booking_contact,
    ],
    form,
  );
  const changed = JSON.stringify(watched);
  useEffect(() => {
    const failing = form
      .getFieldsError()
      .filter((field) => RECHECKED.has(field.name[0]) && field.errors.length > 0)
      .map((field) => field.name);
    if (failing.length > 0) void form.validateFields(failing).catch(() => undefined);
  }, [form, changed]);
  return null;
}

/**
 * Takes the notify parties left empty out of the form before it is checked and sent (as the
 * loading stops, dropEmptyStops): they are not sent, and a refusal names a party by its place.
 */
export function dropEmptyNotifyParties(form: FormInstance<BookingFormValues>): void {
  const parties = (form.getFieldValue(LIST) as BookingFormValues[typeof LIST]) ?? [];
  const kept = parties.filter((party) => !isEmptyParty(party));
  if (kept.length !== parties.length) form.setFieldValue(LIST, kept);
}

/**
 * The notify parties: "same as consignee" (an explicit choice, DCSA's isNotifyParty), and up to
 * NOTIFY_PARTIES_MAX parties in order (the first, the second "also notify", one more). The free-text
 * notify party of an older booking is shown, no longer typed: it is sent back as it was.
 */
function NotifyPartiesFields() {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BookingFormValues>();
  const id = useId();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const legacy = (form.getFieldValue('notify_party') as string | undefined) ?? '';
  return (
    <div role="group" aria-labelledby={`${id}-title`} style={{ marginTop: 8 }}>
      <Typography.Text strong id={`${id}-title`}>
        {t('bookings.form.notifyParties')}
      </Typography.Text>
      {/* Outside the list: a field inside it would be named within the list. */}
      <Form.Item
        name="consignee_is_notify"
        valuePropName="checked"
        rules={[problemRule('consignee_is_notify', problemsOf)]}
        style={{ marginBottom: 8 }}
      >
        <Checkbox>{f('consignee_is_notify')}</Checkbox>
      </Form.Item>
      {legacy && (
        <Typography.Paragraph type="secondary">
          {t('bookings.form.legacyNotifyParty', { text: legacy })}
        </Typography.Paragraph>
      )}
      <Form.List
        name={LIST}
        rules={[
          {
            validator: async () => {
              const problem = problemFor(form, LIST, problemsOf);
              if (problem) throw new Error(problemMessage(problem));
            },
          },
        ]}
      >
        {(fields, { add, remove }, { errors }) => (
          <>
            {fields.map((field, index) => {
              const title = `${id}-party-${field.key}`;
              return (
                <div key={field.key} role="group" aria-labelledby={title} style={ROW_STYLE}>
                  <div style={{ display: 'flex', alignItems: 'center', justifyContent: 'space-between' }}>
                    <Typography.Text id={title}>
                      {t('bookings.form.notifyParty', { index: index + 1 })}
                    </Typography.Text>
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label={t('bookings.form.removeNotifyParty', { index: index + 1 })}
                      onClick={() => remove(field.name)}
                    />
                  </div>
                  <DocumentPartyFields
                    name={[field.name]}
                    path={[LIST, field.name]}
                    problemsOf={problemsOf}
                  />
                </div>
              );
            })}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              block
              disabled={fields.length >= NOTIFY_PARTIES_MAX}
              onClick={() => add(emptyParty())}
            >
              {t('bookings.form.addNotifyParty', { max: NOTIFY_PARTIES_MAX })}
            </Button>
            <Form.ErrorList errors={errors} />
          </>
        )}
      </Form.List>
    </div>
  );
}

/** Whom the forwarder calls about the booking: a person, with a phone or an e-mail. */
function BookingContactFields() {
  const { t } = useTranslation();
  const id = useId();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  // The contract names the person's field `name`, which has no label of its own: it is the contact's name.
  const contactRule =
    (name: 'name' | 'phone'): Rule =>
    (form) => ({
      validator: async () => {
        const problem = problemFor(
          form as FormInstance<BookingFormValues>,
          `booking_contact.${name}`,
          problemsOf,
        );
        if (problem)
          throw new Error(
            problemMessage({ ...problem, field: problem.field.replace(/\.name$/, '.contact_name') }),
          );
      },
    });
  const fields = [
    { name: 'name', label: f('contact_name'), max: PARTY_LIMITS.contactName, rules: [contactRule('name')] },
    { name: 'phone', label: f('phone'), max: PARTY_LIMITS.phone, rules: [contactRule('phone')] },
    { name: 'email', label: f('email'), max: PARTY_LIMITS.email, rules: [] },
  ] as const;
  return (
    <div role="group" aria-labelledby={`${id}-title`} style={{ marginTop: 16 }}>
      <Typography.Text strong id={`${id}-title`}>
        {f('booking_contact')}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
        {t('bookings.form.bookingContactHint')}
      </Typography.Paragraph>
      <Row gutter={16}>
        {fields.map((field) => (
          <Col xs={24} sm={8} key={field.name}>
            <Form.Item
              name={['booking_contact', field.name]}
              label={field.label}
              rules={[...contactRules[field.name], ...field.rules]}
            >
              <Input maxLength={field.max} />
            </Form.Item>
          </Col>
        ))}
      </Row>
    </div>
  );
}

/**
 * The booking's parties: shipper and consignee (chosen or typed, either may follow with the SI),
 * the notify parties, and the booking contact, each held to the contract's rules across them
 * (partiesProblems, bookingContactProblems) as the server holds them.
 */
export function BookingPartiesFields() {
  const { t } = useTranslation();
  return (
    <Panel title={t('bookings.form.parties')}>
      <PartiesRecheck />
      <Row gutter={16}>
        <Col xs={24} md={12}>
          <PartySideFields side="shipper" problemsOf={problemsOf} />
        </Col>
        <Col xs={24} md={12}>
          <PartySideFields side="consignee" problemsOf={problemsOf} />
        </Col>
      </Row>
      <NotifyPartiesFields />
      <BookingContactFields />
    </Panel>
  );
}
