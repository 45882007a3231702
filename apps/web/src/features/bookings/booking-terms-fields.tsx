import './strings';
import '../../i18n/dayjs-locale';
import {
  bookingInput,
  CONTAINER_MODES,
  DATE_FORMAT,
  defaultServiceType,
  REQUESTED_SAILING_LIMITS,
  requestedSailingProblems,
  SERVICE_TYPES,
  type ServiceType,
} from '@freight/contract';
import { Col, Collapse, DatePicker, Form, Input, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { documentText, zodRules } from '../../components/form-rules';
import { Panel } from '../../components/panel';
import { currentLocale } from '../../i18n';
import type { FieldName } from '../../i18n/keys';
import type { BookingFormValues, BookingMode } from './booking-form-values';
import { problemRule, revealing } from './booking-terms-rules';
import {
  emptyPositioning,
  hasRequestedSailing,
  SAILING_DATES,
  SAILING_TEXTS,
  toRequestedSailing,
  type SailingDate,
  type SailingText,
} from './booking-terms-values';
import { FoldErrorsWatcher, useFold } from './folded-section';
import { LoadingStopsEditor } from './loading-stops-editor';

const rules = zodRules(bookingInput);
const SAILING_FIELDS = [...SAILING_DATES, ...SAILING_TEXTS];
const isText = (name: string): name is SailingText => (SAILING_TEXTS as readonly string[]).includes(name);
const sailingProblems = (values: BookingFormValues) => requestedSailingProblems(toRequestedSailing(values));

/** The sailing's text fields: their length (the contract's), and whether they go in capitals. */
const TEXTS: Record<SailingText, { max: number; upper: boolean }> = {
  requested_vessel_name: { max: REQUESTED_SAILING_LIMITS.vesselName, upper: true },
  requested_vessel_imo: { max: 12, upper: false },
  requested_voyage: { max: REQUESTED_SAILING_LIMITS.voyage, upper: true },
  requested_service_code: { max: REQUESTED_SAILING_LIMITS.serviceCode, upper: true },
  requested_service_name: { max: REQUESTED_SAILING_LIMITS.serviceName, upper: true },
};

/**
 * The booking's service at each end (CY, door, CFS; empty takes the mode's, shown as the
 * placeholder), the loading stops of a door receipt, and the sailing asked for. The sailing is
 * optional and folded away unless the booking has some of it: a plain booking is filled in as
 * before. Its fields stay in the form while folded, so that a submit checks them, and a field
 * refused while folded unfolds it.
 */
export function BookingTermsFields({ mode }: { mode: BookingMode }) {
  const { t } = useTranslation();
  const form = Form.useFormInstance<BookingFormValues>();
  const receipt = Form.useWatch('receipt_type', form);
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const format = DATE_FORMAT[currentLocale()];
  const { open, show, reveal, openOnErrors } = useFold(() =>
    hasRequestedSailing(form.getFieldsValue(true) as BookingFormValues),
  );
  const sailingRules = (name: SailingDate | SailingText): Rule[] =>
    [...(isText(name) ? rules[name] : []), problemRule(name, sailingProblems)].map((rule) =>
      revealing(rule, reveal),
    );
  const others = (name: string) => SAILING_FIELDS.filter((other) => other !== name);

  const serviceType = (name: 'receipt_type' | 'delivery_type') => (
    <Form.Item name={name} label={f(name)} rules={rules[name]}>
      <Select<ServiceType>
        allowClear
        placeholder={t('bookings.form.serviceTypeDefault', {
          type: t(`shared.dictionary.serviceType.${defaultServiceType(CONTAINER_MODES[mode])}`),
        })}
        options={SERVICE_TYPES.map((type) => ({
          value: type,
          label: t(`shared.dictionary.serviceType.${type}`),
        }))}
        onChange={(value) => {
          // A door receipt asks where to load: its first stop is there to fill in.
          const stops = form.getFieldValue('container_positionings') as unknown[] | undefined;
          if (name === 'receipt_type' && value === 'SD' && !stops?.length)
            form.setFieldValue('container_positionings', [emptyPositioning()]);
        }}
      />
    </Form.Item>
  );
  const date = (name: SailingDate) => (
    <Col xs={24} sm={12} lg={6} key={name}>
      <Form.Item name={name} label={f(name)} rules={sailingRules(name)} dependencies={others(name)}>
        <DatePicker format={format} style={{ width: '100%' }} />
      </Form.Item>
    </Col>
  );
  const text = (name: SailingText, wide = false) => (
    <Col xs={24} sm={12} lg={wide ? 12 : 6} key={name}>
      <Form.Item
        name={name}
        label={f(name)}
        rules={sailingRules(name)}
        dependencies={others(name)}
        normalize={TEXTS[name].upper ? documentText : undefined}
      >
        <Input maxLength={TEXTS[name].max} />
      </Form.Item>
    </Col>
  );

  return (
    <Panel title={t('bookings.form.terms')}>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={8}>
          {serviceType('receipt_type')}
        </Col>
        <Col xs={24} sm={12} lg={8}>
          {serviceType('delivery_type')}
        </Col>
      </Row>
      {receipt === 'SD' && <LoadingStopsEditor mode={mode} />}
      <FoldErrorsWatcher names={SAILING_FIELDS} onErrors={openOnErrors} />
      <Collapse
        activeKey={open ? ['sailing'] : []}
        onChange={(keys) => show(keys.includes('sailing'))}
        items={[
          {
            key: 'sailing',
            label: t('bookings.form.requestedSailing'),
            forceRender: true,
            children: (
              <>
                <Typography.Paragraph type="secondary">
                  {t('bookings.form.requestedSailingHint')}
                </Typography.Paragraph>
                <Row gutter={16}>
                  {SAILING_DATES.map(date)}
                  {text('requested_vessel_name')}
                  {text('requested_vessel_imo')}
                  {text('requested_voyage')}
                  {text('requested_service_code')}
                  {text('requested_service_name', true)}
                </Row>
              </>
            ),
          },
        ]}
      />
    </Panel>
  );
}
