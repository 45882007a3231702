import './strings';
import {
  DANGEROUS_GOODS_LIMITS,
  DANGEROUS_GOODS_PER_LINE_MAX,
  dangerousGoodInput,
  IMO_CLASSES,
  PACKING_GROUPS,
  packingGroupText,
  TEMPERATURE_UNITS,
  type PackingGroup,
} from '@freight/contract';
import { PlusOutlined } from '@ant-design/icons';
import { AutoComplete, Button, Checkbox, Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { ListRow } from './list-row';
import { documentText, zodRules } from '../../components/form-rules';
import { currentLocale } from '../../i18n';
import type { FieldName } from '../../i18n/keys';
import { emptyDangerousGood, type DangerousGoodFormValues } from './booking-line-terms-values';
import type { TermRules } from './booking-line-terms-rules';

const rules = zodRules(dangerousGoodInput);
type DgField = keyof DangerousGoodFormValues & FieldName;

/** The numbers of a dangerous good, as written ("UN 1263"). */
const NUMBERS = [
  { name: 'un_number', placeholder: 'UN 1263' },
  { name: 'na_number', placeholder: 'NA 1993' },
] as const;
/** Its texts: their length, and whether they go onto documents in capitals. */
const TEXTS: { name: DgField; max: number; upper: boolean; wide?: boolean }[] = [
  { name: 'proper_shipping_name', max: DANGEROUS_GOODS_LIMITS.properShippingName, upper: true, wide: true },
  { name: 'technical_name', max: DANGEROUS_GOODS_LIMITS.technicalName, upper: true, wide: true },
  { name: 'ems_number', max: DANGEROUS_GOODS_LIMITS.emsNumber, upper: true },
  { name: 'inner_packaging', max: DANGEROUS_GOODS_LIMITS.packaging, upper: true },
  { name: 'outer_packaging', max: DANGEROUS_GOODS_LIMITS.packaging, upper: true },
  { name: 'emergency_contact_name', max: DANGEROUS_GOODS_LIMITS.contactName, upper: false },
  { name: 'emergency_contact_phone', max: DANGEROUS_GOODS_LIMITS.contactPhone, upper: false },
];
const MARKS = ['is_marine_pollutant', 'is_limited_quantity', 'is_excepted_quantity'] as const;
const DEGREES = { CEL: '°C', FAH: '°F' } as const;

/**
 * The fields whose rule reads another's: one number of UN and NA; the packing group and the net
 * explosive content as the class asks; excepted quantity not with limited quantity.
 */
const DEPENDS: Partial<Record<DgField, DgField[]>> = {
  un_number: ['na_number'],
  na_number: ['un_number'],
  packing_group: ['imo_class', 'un_number'],
  net_explosive_content: ['imo_class'],
  is_excepted_quantity: ['is_limited_quantity'],
};

/**
 * The dangerous goods of one commodity (an LCL line, or a container line's commodity), at most
 * DANGEROUS_GOODS_PER_LINE_MAX, as the IMDG Code declares them: the number, class and packing
 * group, the names, EmS, flash point, packaging, marks and whom to call. What a submit needs of
 * them is the contract's rule (termRules).
 */
export function DangerousGoodsEditor({
  owner,
  path,
  termRules,
}: {
  /** the commodity's name within the form list it is rendered in: [line] or [commodity] */
  owner: (string | number)[];
  /** the commodity's whole path in the form: ['containers', 0] or […, 'more_commodities', 1] */
  path: (string | number)[];
  termRules: TermRules;
}) {
  const { t } = useTranslation();
  const id = useId();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const isZh = currentLocale() === 'zh-CN';
  const classes = IMO_CLASSES.map((entry) => ({
    value: entry.code,
    label: `${entry.code} ${isZh ? entry.name_zh : entry.name_en}`,
  }));

  return (
    <Form.List name={[...owner, 'dangerous_goods']}>
      {(fields, { add, remove }) => (
        <div role="group" aria-labelledby={`${id}-title`}>
          <Typography.Text strong id={`${id}-title`}>
            {f('dangerous_goods')}
          </Typography.Text>
          <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
            {t('bookings.form.dangerousGoodsHint', { max: DANGEROUS_GOODS_PER_LINE_MAX })}
          </Typography.Paragraph>
          {fields.map((field, index) => {
            const at = (name: DgField) => [...path, 'dangerous_goods', field.name, name];
            const item = (name: DgField) => ({
              name: [field.name, name],
              rules: termRules(at(name), rules[name]),
              dependencies: DEPENDS[name]?.map(at),
            });
            const title = `${id}-${field.key}`;
            return (
              <ListRow
                key={field.key}
                titleId={title}
                title={t('bookings.form.dangerousGood', { index: index + 1 })}
                removeLabel={t('bookings.form.removeDangerousGood', { index: index + 1 })}
                onRemove={() => remove(field.name)}
              >
                <Row gutter={16}>
                  {NUMBERS.map(({ name, placeholder }) => (
                    <Col xs={12} lg={6} key={name}>
                      <Form.Item {...item(name)} label={f(name)} normalize={documentText}>
                        <Input maxLength={7} placeholder={placeholder} />
                      </Form.Item>
                    </Col>
                  ))}
                  <Col xs={12} lg={6}>
                    <Form.Item {...item('imo_class')} label={f('imo_class')} normalize={documentText}>
                      {/* Free text beside the list: class 1 adds its compatibility group (1.4S). */}
                      <AutoComplete
                        options={classes}
                        placeholder={t('bookings.form.imoClassPlaceholder')}
                        showSearch={{
                          filterOption: (input, option) =>
                            String(option?.value ?? '').startsWith(input.trim().slice(0, 3)),
                        }}
                        popupMatchSelectWidth={false}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} lg={6}>
                    <Form.Item {...item('packing_group')} label={f('packing_group')}>
                      <Select<PackingGroup>
                        allowClear
                        options={PACKING_GROUPS.map((group) => ({
                          value: group,
                          label: packingGroupText(group),
                        }))}
                      />
                    </Form.Item>
                  </Col>
                  {(['subsidiary_risk_1', 'subsidiary_risk_2'] as const).map((name) => (
                    <Col xs={12} lg={6} key={name}>
                      <Form.Item {...item(name)} label={f(name)}>
                        <Select<string>
                          allowClear
                          showSearch={{ optionFilterProp: 'label' }}
                          popupMatchSelectWidth={false}
                          options={classes}
                        />
                      </Form.Item>
                    </Col>
                  ))}
                  {TEXTS.map(({ name, max, upper, wide }) => (
                    <Col xs={24} sm={12} lg={wide ? 12 : 6} key={name}>
                      <Form.Item {...item(name)} label={f(name)} normalize={upper ? documentText : undefined}>
                        <Input maxLength={max} />
                      </Form.Item>
                    </Col>
                  ))}
                  <Col xs={12} lg={6}>
                    <Form.Item {...item('flash_point')} label={f('flash_point')}>
                      <InputNumber min={-100} max={400} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} lg={6}>
                    <Form.Item {...item('flash_point_unit')} label={f('flash_point_unit')} initialValue="CEL">
                      <Select
                        options={TEMPERATURE_UNITS.map((unit) => ({ value: unit, label: DEGREES[unit] }))}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12} lg={6}>
                    <Form.Item {...item('net_explosive_content')} label={f('net_explosive_content')}>
                      <InputNumber min={0} precision={3} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={24}>
                    {MARKS.map((name) => (
                      <Form.Item
                        key={name}
                        {...item(name)}
                        valuePropName="checked"
                        style={{ display: 'inline-block', marginInlineEnd: 16, marginBottom: 8 }}
                      >
                        <Checkbox>{f(name)}</Checkbox>
                      </Form.Item>
                    ))}
                  </Col>
                </Row>
              </ListRow>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            block
            disabled={fields.length >= DANGEROUS_GOODS_PER_LINE_MAX}
            onClick={() => add(emptyDangerousGood())}
          >
            {t('bookings.form.addDangerousGood')}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
