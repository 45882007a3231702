import './strings';
import '../../i18n/dayjs-locale';
import {
  CONTAINER_MODES,
  CONTAINER_POSITIONINGS_MAX,
  containerPositioningInput,
  doorProblems,
} from '@freight/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, DatePicker, Form, Input, Row, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListRow } from './list-row';
import { zodRules } from '../../components/form-rules';
import { currentLocale } from '../../i18n';
import type { FieldName } from '../../i18n/keys';
import type { BookingFormValues, BookingMode } from './booking-form-values';
import { localDateTimeFormats } from './booking-format';
import { problemFor, problemMessage } from './booking-terms-rules';
import {
  emptyPositioning,
  isEmptyStop,
  toPositionings,
  type PositioningFormLine,
} from './booking-terms-values';

const rules = zodRules(containerPositioningInput);
const LIST = 'container_positionings';
type StopText = Exclude<keyof PositioningFormLine, 'loading_time'>;
const TEXTS: { name: StopText; max: number; wide?: boolean }[] = [
  { name: 'address', max: 250, wide: true },
  { name: 'location_name', max: 100, wide: true },
  { name: 'contact_name', max: 35 },
  { name: 'phone', max: 30 },
];

/**
 * The loading stops of a door receipt (SD), in the order the trucker visits them, at most
 * CONTAINER_POSITIONINGS_MAX: where, who to ask, and when to load (local time). A stop left entirely
 * empty is not sent, so only a stop with something in it needs its address; the door needs one
 * address at least, on submit (the contract's doorProblems, checked on the list).
 */
export function LoadingStopsEditor({ mode }: { mode: BookingMode }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BookingFormValues>();
  const id = useId();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const timeFormats = localDateTimeFormats(currentLocale());
  const doorProblemsOf = (values: BookingFormValues) =>
    doorProblems(
      {
        container_mode: CONTAINER_MODES[mode],
        receipt_type: values.receipt_type,
        container_positionings: toPositionings(values),
      },
      { submit: true },
    );
  // The list's own message goes once an address is typed.
  const recheckList = () => {
    if (form.getFieldError(LIST).length > 0) void form.validateFields([LIST]).catch(() => undefined);
  };
  const stopRules = (index: number, name: StopText): Rule[] =>
    rules[name].map((rule) => (instance) => {
      const inner = typeof rule === 'function' ? rule(instance) : rule;
      return {
        ...inner,
        validator: async (...args: Parameters<NonNullable<typeof inner.validator>>) => {
          const stop = instance.getFieldValue([LIST, index]) as PositioningFormLine | undefined;
          if (isEmptyStop(stop)) return;
          await inner.validator?.(...args);
        },
      };
    });

  return (
    <Form.List
      name={LIST}
      rules={[
        {
          validator: async () => {
            const problem = problemFor(form, LIST, doorProblemsOf);
            if (problem) throw new Error(problemMessage(problem));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <div role="group" aria-labelledby={`${id}-title`} style={{ marginBottom: 16 }}>
          <Typography.Text strong id={`${id}-title`}>
            {f('container_positionings')}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('bookings.form.loadingStopsHint', { max: CONTAINER_POSITIONINGS_MAX })}
          </Typography.Paragraph>
          {fields.map((field, index) => {
            const title = `${id}-stop-${field.key}`;
            const others = (name: string) =>
              TEXTS.filter((other) => other.name !== name).map((other) => [LIST, field.name, other.name]);
            return (
              <ListRow
                key={field.key}
                titleId={title}
                title={t('bookings.form.loadingStop', { index: index + 1 })}
                removeLabel={t('bookings.form.removeLoadingStop', { index: index + 1 })}
                onRemove={() => remove(field.name)}
              >
                <Row gutter={16}>
                  {TEXTS.map(({ name, max, wide }) => (
                    <Col xs={24} sm={wide ? 24 : 12} lg={wide ? 12 : 6} key={name}>
                      <Form.Item
                        name={[field.name, name]}
                        label={f(name)}
                        rules={stopRules(field.name, name)}
                        dependencies={
                          name === 'address' ? [...others(name), [LIST, field.name, 'loading_time']] : []
                        }
                      >
                        <Input maxLength={max} onChange={name === 'address' ? recheckList : undefined} />
                      </Form.Item>
                    </Col>
                  ))}
                  <Col xs={24} sm={12} lg={6}>
                    <Form.Item name={[field.name, 'loading_time']} label={f('loading_time')}>
                      <DatePicker
                        showTime={{ format: 'HH:mm' }}
                        format={timeFormats}
                        placeholder={t('bookings.release.dateTimePlaceholder')}
                        style={{ width: '100%' }}
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
            disabled={fields.length >= CONTAINER_POSITIONINGS_MAX}
            onClick={() => add(emptyPositioning())}
          >
            {t('bookings.form.addLoadingStop')}
          </Button>
          <Form.ErrorList errors={errors} />
        </div>
      )}
    </Form.List>
  );
}
