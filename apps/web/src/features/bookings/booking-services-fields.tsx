import './strings';
import {
  bookingInput,
  CUSTOMS_BY,
  type CustomsBy,
  REQUESTED_SERVICES,
  SERVICES_REMARK_MAX,
} from '@freight/contract';
import { Checkbox, Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { zodRules } from '../../components/form-rules';
import { Panel } from '../../components/panel';
import type { FieldName } from '../../i18n/keys';

const rules = zodRules(bookingInput);

/**
 * What the booking asks of the forwarder beside the sea freight, all optional: who clears the
 * export customs, the services wanted (insurance, fumigation …) and what they need, in a remark.
 */
export function BookingServicesFields() {
  const { t } = useTranslation();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  return (
    <Panel title={t('bookings.form.services')}>
      <Row gutter={16}>
        <Col xs={24} sm={12} lg={8}>
          <Form.Item name="export_customs_by" label={f('export_customs_by')} rules={rules.export_customs_by}>
            <Select<CustomsBy>
              allowClear
              placeholder={t('bookings.form.notSpecified')}
              options={CUSTOMS_BY.map((party) => ({
                value: party,
                label: t(`shared.dictionary.customsBy.${party}`),
              }))}
            />
          </Form.Item>
        </Col>
        <Col xs={24} sm={12} lg={16}>
          <Form.Item
            name="requested_services"
            label={f('requested_services')}
            rules={rules.requested_services}
          >
            {/* A group of checkboxes is named by its label, as a group, for screen readers. */}
            <Checkbox.Group
              aria-label={f('requested_services')}
              options={REQUESTED_SERVICES.map((service) => ({
                value: service,
                label: t(`shared.dictionary.requestedService.${service}`),
              }))}
            />
          </Form.Item>
        </Col>
      </Row>
      <Form.Item name="services_remark" label={f('services_remark')} rules={rules.services_remark}>
        <Input.TextArea maxLength={SERVICES_REMARK_MAX} showCount autoSize={{ minRows: 1, maxRows: 4 }} />
      </Form.Item>
    </Panel>
  );
}
