import './strings';
import {
  AIR_EXCHANGE_UNITS,
  bookingContainerLine,
  isOutOfGaugeType,
  isReefer,
  OUT_OF_GAUGE_MAX_CM,
  OUT_OF_GAUGE_SIDES,
  outOfGaugeInput,
  reeferSettingsInput,
  TEMPERATURE_UNITS,
} from '@freight/contract';
import { Checkbox, Col, Form, InputNumber, Radio, Row, Select, Typography } from 'antd';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../components/form-rules';
import type { FieldName } from '../../i18n/keys';
import { REEFER_FLAGS, REEFER_PERCENTS } from './booking-line-terms-values';
import type { TermRules } from './booking-line-terms-rules';

const lineRules = zodRules(bookingContainerLine);
const reeferRules = zodRules(reeferSettingsInput);
const oogRules = zodRules(outOfGaugeInput);
/** The units as documents print them, in any language. */
const DEGREES = { CEL: '°C', FAH: '°F' } as const;
const AIR_EXCHANGE = { MQH: 'CBM/H', FQH: 'CFT/H' } as const;

type Props = {
  /** the line's name in the containers list */
  name: number;
  /** the portal code of the line's container type (40RF); null while none is chosen */
  typeCode: string | null;
  isShipperOwned: boolean;
  isNonOperating: boolean;
  termRules: TermRules;
};

/** A titled group of fields within a line's details. */
export function Group({ title, hint, children }: { title: string; hint?: string; children: ReactNode }) {
  const id = useId();
  return (
    <div role="group" aria-labelledby={id} style={{ marginBottom: 8 }}>
      <Typography.Text strong id={id}>
        {title}
      </Typography.Text>
      {hint && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {hint}
        </Typography.Paragraph>
      )}
      {children}
    </div>
  );
}

/**
 * A reefer's settings (DCSA's active reefer settings): the set temperature with its unit, the
 * vents, the air exchange, humidity and atmosphere set points, and the handling asked for. A reefer
 * booked as non-operating carries dry cargo and takes none; they are kept in the form meanwhile.
 */
function ReeferFields({ name, isNonOperating, termRules }: Omit<Props, 'typeCode' | 'isShipperOwned'>) {
  const { t } = useTranslation();
  const f = (field: FieldName) => t(`shared.fields.${field}`);
  const at = (...path: string[]) => ['containers', name, ...path];
  const setting = (field: keyof typeof reeferRules) => ({
    name: [name, 'reefer', field],
    label: f(field),
    rules: termRules(at('reefer', field), reeferRules[field]),
  });
  // No bounds on the inputs: a value out of range is refused in the contract's words, not clamped.
  const number = (field: keyof typeof reeferRules) => (
    <Col xs={12} lg={6} key={field}>
      <Form.Item {...setting(field)}>
        <InputNumber style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  return (
    <Group title={f('reefer')} hint={t('bookings.form.reeferHint')}>
      <Form.Item
        name={[name, 'is_non_operating_reefer']}
        valuePropName="checked"
        rules={termRules(at('is_non_operating_reefer'))}
        style={{ marginBottom: 8 }}
      >
        <Checkbox>{f('is_non_operating_reefer')}</Checkbox>
      </Form.Item>
      {!isNonOperating && (
        <Row gutter={16}>
          <Col xs={12} lg={6}>
            <Form.Item
              {...setting('temperature_setpoint')}
              required
              dependencies={[at('reefer', 'temperature_unit')]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item {...setting('temperature_unit')} initialValue="CEL">
              <Select options={TEMPERATURE_UNITS.map((unit) => ({ value: unit, label: DEGREES[unit] }))} />
            </Form.Item>
          </Col>
          <Col xs={24} lg={12}>
            <Form.Item {...setting('ventilation_open')} initialValue={null}>
              <Radio.Group
                aria-label={f('ventilation_open')}
                options={[
                  { value: true, label: t('bookings.form.ventOpen') },
                  { value: false, label: t('bookings.form.ventClosed') },
                  { value: null, label: t('bookings.form.ventNotStated') },
                ]}
              />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item
              {...setting('air_exchange_setpoint')}
              dependencies={[at('reefer', 'ventilation_open')]}
            >
              <InputNumber style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          <Col xs={12} lg={6}>
            <Form.Item {...setting('air_exchange_unit')} initialValue="MQH">
              <Select
                options={AIR_EXCHANGE_UNITS.map((unit) => ({ value: unit, label: AIR_EXCHANGE[unit] }))}
              />
            </Form.Item>
          </Col>
          {REEFER_PERCENTS.map(number)}
          <Col xs={24}>
            <div role="group" aria-label={t('bookings.form.reeferHandling')}>
              {REEFER_FLAGS.map((field) => (
                <Form.Item
                  key={field}
                  name={[name, 'reefer', field]}
                  valuePropName="checked"
                  style={{ display: 'inline-block', marginInlineEnd: 16, marginBottom: 8 }}
                >
                  <Checkbox>{f(field)}</Checkbox>
                </Form.Item>
              ))}
            </div>
          </Col>
        </Row>
      )}
    </Group>
  );
}

/**
 * A container line's equipment terms: shipper-owned (SOC) with the tare weight it then needs; for a
 * reefer type its settings (ReeferFields); for an open-top, flat-rack or platform type how far the
 * cargo stands out, in cm. A type that takes no settings or overhang shows none (choosing it
 * clears them, ContainerLinesEditor).
 */
export function EquipmentTermsFields({ name, typeCode, isShipperOwned, isNonOperating, termRules }: Props) {
  const { t } = useTranslation();
  const f = (field: FieldName) => t(`shared.fields.${field}`);
  const at = (...path: string[]) => ['containers', name, ...path];
  return (
    <>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={8}>
          <Form.Item name={[name, 'is_shipper_owned']} valuePropName="checked" style={{ marginBottom: 8 }}>
            <Checkbox>{f('is_shipper_owned')}</Checkbox>
          </Form.Item>
        </Col>
        {isShipperOwned && (
          <Col xs={24} sm={12} lg={8}>
            <Form.Item
              name={[name, 'tare_weight']}
              label={f('tare_weight')}
              rules={termRules(at('tare_weight'), lineRules.tare_weight)}
              required
            >
              <InputNumber min={0} precision={3} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
        )}
      </Row>
      {typeCode && isReefer(typeCode) && (
        <ReeferFields name={name} isNonOperating={isNonOperating} termRules={termRules} />
      )}
      {typeCode && isOutOfGaugeType(typeCode) && (
        <Group title={f('out_of_gauge')} hint={t('bookings.form.outOfGaugeHint')}>
          <Row gutter={16}>
            {OUT_OF_GAUGE_SIDES.map((side) => (
              <Col xs={12} sm={8} lg={4} key={side}>
                <Form.Item
                  name={[name, 'out_of_gauge', side]}
                  label={f(side)}
                  rules={termRules(at('out_of_gauge', side), oogRules[side])}
                >
                  <InputNumber min={0} max={OUT_OF_GAUGE_MAX_CM} precision={0} style={{ width: '100%' }} />
                </Form.Item>
              </Col>
            ))}
          </Row>
        </Group>
      )}
    </>
  );
}
