import './strings';
import {
  CONTACT_CHINESE_LIMITS,
  CONTACT_DOCUMENT_FIELDS,
  CONTACT_PARTY_FIELDS,
  CONTACT_TYPES,
  contactInput,
  type Contact,
  type ContactInput,
  contactTooLong,
} from '@freight/contract';
import { Alert, App, Col, Form, Input, Modal, Row, Select } from 'antd';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toOptions, useReferenceList } from '../../api/reference';
import { useAction } from '../../components/use-action';
import { documentText, zodRules } from '../../components/form-rules';
import { createContact, updateContact } from './contacts-api';
import { useForm } from '../../components/use-form';
import type { FieldName } from '../../i18n/keys';
import { fieldList } from './contact-limits';

type Props = {
  /** The contact being edited (loaded from the server); none to add one. */
  contact?: Contact;
  onClose: () => void;
  onSaved: () => void;
};

type FormValues = Omit<ContactInput, 'country_id'> & { country_id?: number };

const rules = zodRules(contactInput);
const REQUIRED = new Set<string>(['company1', 'linkman', 'address1', 'city', 'country_id', 'phone']);
/** The lengths of the fields a B/L takes (the contract's); the Chinese name and address have their own. */
const max = (field: keyof typeof CONTACT_PARTY_FIELDS) => CONTACT_PARTY_FIELDS[field].max;

function initialValues(contact: Contact | undefined): Partial<FormValues> {
  if (!contact) return { type: 'both' };
  const { id: _id, country_name: _countryName, ...values } = contact;
  return values;
}

/** Add or edit a contact in an 800-wide modal; rules from the contract, server field errors on the fields. */
export function ContactFormModal({ contact, onClose, onSaved }: Props) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = useForm<FormValues>();
  const { run, busy } = useAction();
  const countries = useReferenceList('country');
  const isEdit = contact !== undefined;
  const label = (name: FieldName) => t(`shared.fields.${name}`);
  // A contact saved before the book took the B/L's lengths: its fields to shorten, marked at once.
  const tooLong = contact ? contactTooLong(contact).map((long) => long.field) : [];
  const tooLongKey = tooLong.join(',');
  useEffect(() => {
    if (tooLongKey)
      void form.validateFields(tooLongKey.split(',') as (keyof FormValues)[]).catch(() => undefined);
  }, [form, tooLongKey]);

  const onSubmit = (values: FormValues) =>
    run(
      async () => {
        const input: ContactInput = { ...values, country_id: values.country_id };
        if (contact) await updateContact(contact.id, input);
        else await createContact(input);
        message.success(t(isEdit ? 'contacts.updated' : 'contacts.added'));
        onSaved();
      },
      { title: t(isEdit ? 'contacts.updateFailed' : 'contacts.addFailed'), form },
    );

  const item = (name: keyof FormValues, input: ReactNode, span = 12) => {
    // Fields that go onto shipping documents: converted to capitals as typed, and say so first.
    const isDocumentText = (CONTACT_DOCUMENT_FIELDS as readonly string[]).includes(name);
    return (
      <Col xs={24} sm={span}>
        <Form.Item
          name={name}
          label={label(name === 'type' ? 'contact_type' : name)}
          rules={rules[name]}
          required={REQUIRED.has(name)}
          normalize={isDocumentText ? documentText : undefined}
          extra={isDocumentText ? t('common.documentTextHint') : undefined}
        >
          {input}
        </Form.Item>
      </Col>
    );
  };

  return (
    <Modal
      open
      title={t(isEdit ? 'contacts.editTitle' : 'contacts.addTitle')}
      width={800}
      okText={t('common.save')}
      cancelText={t('common.cancel')}
      okButtonProps={{ loading: busy }}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      <Form<FormValues>
        scrollToFirstError={{ focus: true }}
        form={form}
        layout="vertical"
        initialValues={initialValues(contact)}
        onFinish={onSubmit}
        preserve={false}
      >
        {tooLong.length > 0 && (
          <Alert
            type="warning"
            showIcon
            style={{ marginBottom: 16 }}
            title={t('contacts.tooLongForm', { fields: fieldList(t, tooLong) })}
          />
        )}
        <Row gutter={16}>
          {item(
            'type',
            <Select
              options={CONTACT_TYPES.map((type) => ({
                value: type,
                label: t(`shared.dictionary.contactType.${type}`),
              }))}
            />,
          )}
          {item('linkman', <Input maxLength={max('linkman')} />)}
          {item('company1', <Input maxLength={max('company1')} />)}
          {item('company2', <Input maxLength={CONTACT_CHINESE_LIMITS.company2} />)}
          {item('address1', <Input maxLength={max('address1')} />, 24)}
          {item('address2', <Input maxLength={CONTACT_CHINESE_LIMITS.address2} />, 24)}
          {item('city', <Input maxLength={max('city')} />)}
          {item('province', <Input maxLength={max('province')} />)}
          {item(
            'country_id',
            <Select<number>
              showSearch={{ optionFilterProp: 'label' }}
              loading={countries.isPending}
              options={toOptions(countries.data)}
            />,
          )}
          {item('zip_code', <Input maxLength={max('zip_code')} />)}
          {item('phone', <Input maxLength={max('phone')} />)}
          {item('email', <Input inputMode="email" maxLength={max('email')} />)}
        </Row>
      </Form>
    </Modal>
  );
}
