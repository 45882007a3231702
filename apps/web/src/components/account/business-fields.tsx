import { Col, Form, Input, Row, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { referenceSelectProps, useReferenceList, type ReferenceKind } from '../../api/reference';
import { currentLocale } from '../../i18n';
import type { IdListField } from './account-form';

const LISTS: { field: IdListField; kind: ReferenceKind }[] = [
  { field: 'industries', kind: 'industry' },
  { field: 'businesses', kind: 'business' },
  { field: 'routes', kind: 'route' },
  { field: 'ports', kind: 'port' },
];

function ReferenceMultiSelect({ field, kind }: { field: IdListField; kind: ReferenceKind }) {
  const { t } = useTranslation();
  const list = useReferenceList(kind);
  return (
    <Form.Item name={field} label={t(`shared.fields.${field}`)}>
      <Select
        mode="multiple"
        allowClear
        {...referenceSelectProps(kind, list.data, currentLocale())}
        loading={list.isPending}
        status={list.isError ? 'error' : undefined}
        maxTagCount="responsive"
      />
    </Form.Item>
  );
}

/**
 * Business info: the company profile text and the
 * industries, businesses, routes and ports multi-selects (values are id arrays in the form).
 */
export function BusinessFields() {
  const { t } = useTranslation();
  return (
    <>
      <Form.Item name="profile" label={t('shared.fields.profile')}>
        <Input.TextArea rows={5} maxLength={5000} showCount />
      </Form.Item>
      <Row gutter={16}>
        {LISTS.map(({ field, kind }) => (
          <Col xs={24} md={12} key={field}>
            <ReferenceMultiSelect field={field} kind={kind} />
          </Col>
        ))}
      </Row>
    </>
  );
}
