import './strings';
import { COMMERCIAL_LIMITS, customsReferenceInput, toDocumentText } from '@freight/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListRow } from './list-row';
import { documentText, zodRules } from '../../components/form-rules';
import type { FieldName } from '../../i18n/keys';
import {
  emptyCustomsReference,
  isEmptyCustomsReference,
  type CustomsReferenceFormLine,
} from './booking-commercial-values';
import { revealing } from './booking-terms-rules';

const rules = zodRules(customsReferenceInput);
const LIST = 'customs_references';
type Field = keyof typeof rules;

const upperAll = (values: unknown) =>
  Array.isArray(values)
    ? values.map((value) => (typeof value === 'string' ? toDocumentText(value) : value))
    : values;

/**
 * The customs references the shipper's customs or the buyer's ask for (DCSA's customsReferences,
 * e.g. an ACID number for Egypt): a type, the country, and up to COMMERCIAL_LIMITS.customsValues
 * values each. A row left entirely empty is not sent, so only a row with something in it is checked.
 */
export function CustomsReferencesEditor({ reveal }: { reveal: () => void }) {
  const { t } = useTranslation();
  const id = useId();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const rowRules = (index: number, name: Field): Rule[] =>
    rules[name]
      .map((rule): Rule => (instance) => {
        const inner = typeof rule === 'function' ? rule(instance) : rule;
        return {
          ...inner,
          validator: async (...args: Parameters<NonNullable<typeof inner.validator>>) => {
            const line = instance.getFieldValue([LIST, index]) as CustomsReferenceFormLine | undefined;
            if (isEmptyCustomsReference(line)) return;
            await inner.validator?.(...args);
          },
        };
      })
      .map((rule) => revealing(rule, reveal));

  return (
    <Form.List name={LIST}>
      {(fields, { add, remove }) => (
        <div role="group" aria-labelledby={`${id}-title`}>
          <Typography.Text strong id={`${id}-title`}>
            {f('customs_references')}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('bookings.form.customsReferencesHint', { max: COMMERCIAL_LIMITS.customsValues })}
          </Typography.Paragraph>
          {fields.map((field, index) => {
            const title = `${id}-row-${field.key}`;
            return (
              <ListRow
                key={field.key}
                titleId={title}
                title={t('bookings.form.customsReference', { index: index + 1 })}
                removeLabel={t('bookings.form.removeCustomsReference', { index: index + 1 })}
                onRemove={() => remove(field.name)}
                framed={false}
              >
                <Row gutter={16}>
                  <Col xs={24} sm={8}>
                    <Form.Item
                      name={[field.name, 'type']}
                      label={f('type')}
                      rules={rowRules(field.name, 'type')}
                      normalize={documentText}
                    >
                      <Input
                        maxLength={COMMERCIAL_LIMITS.customsType}
                        placeholder={t('bookings.form.customsTypePlaceholder')}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={4}>
                    <Form.Item
                      name={[field.name, 'country_code']}
                      label={f('country_code')}
                      rules={rowRules(field.name, 'country_code')}
                      normalize={documentText}
                    >
                      <Input maxLength={2} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12}>
                    <Form.Item
                      name={[field.name, 'values']}
                      label={f('values')}
                      rules={rowRules(field.name, 'values')}
                      normalize={upperAll}
                    >
                      <Select<string[]>
                        mode="tags"
                        open={false}
                        suffixIcon={null}
                        tokenSeparators={[',', ';']}
                        maxCount={COMMERCIAL_LIMITS.customsValues}
                      />
                    </Form.Item>
                  </Col>
                </Row>
              </ListRow>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            block
            disabled={fields.length >= COMMERCIAL_LIMITS.customsReferences}
            onClick={() => add(emptyCustomsReference())}
          >
            {t('bookings.form.addCustomsReference')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
