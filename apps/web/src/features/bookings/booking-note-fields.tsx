import { bookingInput, FREIGHT_TERMS, freightTermOf } from '@freight/contract';
import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSiteConfig } from '../../app/site-config';
import { zodRules } from '../../components/form-rules';
import type { FieldName } from '../../i18n/keys';

const rules = zodRules(bookingInput);

/**
 * What the booking note prints beyond the booking itself, all optional: the freight term
 * (empty takes the Incoterm's, shown in the empty choice) and the Chinese commodity name. The notify
 * parties are with the other parties (./booking-parties-fields.tsx).
 */
export function BookingNoteFields() {
  const { t } = useTranslation();
  const config = useSiteConfig();
  const incoterm = Form.useWatch<string | undefined>('incoterm');
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const fromIncoterm = freightTermOf(incoterm ?? '', config.data?.freight_collect ?? '');
  return (
    <Row gutter={16}>
      <Col xs={24} sm={12} lg={8}>
        <Form.Item name="freight_term" label={f('freight_term')} rules={rules.freight_term}>
          <Select<string>
            options={[
              {
                value: '',
                label: incoterm
                  ? t('bookings.form.freightFromIncoterm', {
                      term: t(`shared.freightTerm.${fromIncoterm}`),
                    })
                  : t('bookings.form.freightByIncoterm'),
              },
              ...FREIGHT_TERMS.map((term) => ({ value: term, label: t(`shared.freightTerm.${term}`) })),
            ]}
          />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={8}>
        <Form.Item name="commodity_cn" label={f('commodity_cn')} rules={rules.commodity_cn}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
    </Row>
  );
}
