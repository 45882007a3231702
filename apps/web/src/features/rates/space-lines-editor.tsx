import './strings';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Form, InputNumber, Select, Table } from 'antd';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '../../api/reference';
import { spaceLinesProblem, type SpaceLine } from './rate-form-values';

/**
 * The editable space-line table of the rate form: one line per container type with
 * its USD price; the list's rule reports a missing, incomplete or repeated line under the table.
 */
export function SpaceLinesEditor() {
  const { t } = useTranslation();
  const containers = useReferenceList('container');
  const containerOptions = (containers.data?.lists ?? []).map((item) => ({
    value: item.id,
    label: item.code ? `${item.code} ${item.name}` : item.name,
  }));
  const containerLabel = t('shared.fields.container_id');
  const priceLabel = t('shared.fields.price');

  return (
    <Form.List
      name="spaces"
      rules={[
        {
          validator: async (_rule, lines: SpaceLine[] | undefined) => {
            const problem = spaceLinesProblem(lines);
            if (problem) throw new Error(t(problem));
          },
        },
      ]}
    >
      {(fields, { add, remove }, { errors }) => (
        <>
          <Table
            size="small"
            rowKey="key"
            dataSource={fields}
            pagination={false}
            locale={{ emptyText: t('rates.form.noSpaces') }}
            caption={t('rates.form.spaces')}
            columns={[
              {
                title: containerLabel,
                key: 'container',
                render: (_value, field, index) => (
                  <Form.Item name={[field.name, 'container_id']} noStyle>
                    <Select
                      aria-label={t('rates.form.lineField', { field: containerLabel, index: index + 1 })}
                      style={{ width: '100%' }}
                      showSearch={{ optionFilterProp: 'label' }}
                      loading={containers.isPending}
                      options={containerOptions}
                    />
                  </Form.Item>
                ),
              },
              {
                title: priceLabel,
                key: 'price',
                width: 200,
                render: (_value, field, index) => (
                  <Form.Item name={[field.name, 'price']} noStyle>
                    <InputNumber
                      aria-label={t('rates.form.lineField', { field: priceLabel, index: index + 1 })}
                      style={{ width: '100%' }}
                      precision={2}
                      step={1}
                      prefix="US$"
                    />
                  </Form.Item>
                ),
              },
              {
                title: t('common.actions'),
                key: 'actions',
                width: 90,
                render: (_value, field, index) => (
                  <Button
                    type="text"
                    danger
                    icon={<DeleteOutlined />}
                    aria-label={t('rates.form.removeSpace', { index: index + 1 })}
                    onClick={() => remove(field.name)}
                  />
                ),
              },
            ]}
          />
          <Form.Item style={{ marginTop: 8 }}>
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              block
              onClick={() => add({ container_id: undefined, price: null })}
            >
              {t('rates.form.addSpace')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
        </>
      )}
    </Form.List>
  );
}
