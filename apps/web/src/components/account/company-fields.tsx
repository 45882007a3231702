import { Col, Form, Input, Row, Select } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { REQUIRED_COMPANY_FIELDS } from './account-form';
import { useCountryOptions } from './use-countries';

type CompanyField =
  | 'linkman'
  | 'phone'
  | 'company1'
  | 'company2'
  | 'address1'
  | 'address2'
  | 'city'
  | 'province'
  | 'zip_code'
  | 'country_id'
  | 'credit_no';

/**
 * The company and contact fields shared by registration and the profile,
 * checked by the contract's rules so the page says what the server would say.
 */
export function CompanyFields({ rules }: { rules: Record<CompanyField, Rule[]> }) {
  const { t } = useTranslation();
  const countries = useCountryOptions();

  const item = (field: CompanyField) => ({
    name: field,
    label: t(`shared.fields.${field}`),
    rules: rules[field],
    required: REQUIRED_COMPANY_FIELDS.includes(field),
  });

  return (
    <Row gutter={16}>
      <Col xs={24} md={12}>
        <Form.Item {...item('linkman')}>
          <Input autoComplete="name" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item {...item('phone')}>
          <Input autoComplete="tel" inputMode="tel" maxLength={30} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item {...item('company1')}>
          <Input autoComplete="organization" maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item {...item('company2')}>
          <Input maxLength={200} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item {...item('address1')}>
          <Input autoComplete="street-address" maxLength={300} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item {...item('address2')}>
          <Input maxLength={300} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item {...item('city')}>
          <Input autoComplete="address-level2" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item {...item('province')}>
          <Input autoComplete="address-level1" maxLength={100} />
        </Form.Item>
      </Col>
      <Col xs={24} md={8}>
        <Form.Item {...item('zip_code')}>
          <Input autoComplete="postal-code" maxLength={20} />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item {...item('country_id')}>
          <Select
            showSearch={{ optionFilterProp: 'label' }}
            options={countries.options}
            loading={countries.isPending}
            status={countries.isError ? 'error' : undefined}
          />
        </Form.Item>
      </Col>
      <Col xs={24} md={12}>
        <Form.Item {...item('credit_no')}>
          <Input maxLength={18} />
        </Form.Item>
      </Col>
    </Row>
  );
}
