import './strings';
import { BOOKING_LIMITS, COMMODITY_LIMITS, commodityInput } from '@freight/contract';
import { PlusOutlined } from '@ant-design/icons';
import { Button, Col, Form, Input, InputNumber, Row, Select, Typography } from 'antd';
import type { Rule } from 'antd/es/form';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useReferenceList } from '../../api/reference';
import { documentText, zodRules } from '../../components/form-rules';
import type { FieldName } from '../../i18n/keys';
import { emptyCommodity } from './booking-form-values';
import type { TermRules } from './booking-line-terms-rules';
import { DangerousGoodsEditor } from './dangerous-goods-editor';
import { Group } from './equipment-terms-fields';
import { hsCodesRules, hsCodeTextMax } from './line-cells';
import { ListRow } from './list-row';

const rules = zodRules(commodityInput);

type Fields = {
  /** the commodity's name within the form list it is rendered in: [line] or [commodity] */
  owner: (string | number)[];
  /** its whole path in the form */
  path: (string | number)[];
  termRules: TermRules;
};

/** A commodity's Chinese name and net weight, which its line's cells do not hold. */
function NameAndNetWeight({ owner, path, termRules }: Fields) {
  const { t } = useTranslation();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  return (
    <>
      <Col xs={24} sm={12} lg={6}>
        <Form.Item name={[...owner, 'commodity_cn']} label={f('commodity_cn')} rules={rules.commodity_cn}>
          <Input maxLength={BOOKING_LIMITS.commodityCnMax} />
        </Form.Item>
      </Col>
      <Col xs={24} sm={12} lg={6}>
        <Form.Item
          name={[...owner, 'net_weight']}
          label={f('net_weight')}
          rules={termRules([...path, 'net_weight'], rules.net_weight)}
          dependencies={[[...path, 'weight']]}
        >
          <InputNumber min={0} precision={BOOKING_LIMITS.decimals} style={{ width: '100%' }} />
        </Form.Item>
      </Col>
    </>
  );
}

/** The first commodity's details: the goods of the line's own cells. */
export function FirstCommodityFields({ line, termRules }: { line: number; termRules: TermRules }) {
  const { t } = useTranslation();
  const path = ['containers', line];
  return (
    <Group title={t('bookings.form.commodityOf', { index: 1 })} hint={t('bookings.form.firstCommodityHint')}>
      <Row gutter={16}>
        <NameAndNetWeight owner={[line]} path={path} termRules={termRules} />
      </Row>
      <DangerousGoodsEditor owner={[line]} path={path} termRules={termRules} />
    </Group>
  );
}

/**
 * The other commodities a container line's units hold, each with its description, HS codes,
 * Chinese name, packages and their code, gross and net weight, volume and dangerous goods; at most
 * COMMODITY_LIMITS.perLine with the first. Hidden, they stay in the form and are checked and sent.
 */
export function MoreCommoditiesEditor({
  line,
  index,
  termRules,
}: {
  line: number;
  /** the line's place on screen */
  index: number;
  termRules: TermRules;
}) {
  const { t } = useTranslation();
  const id = useId();
  const f = (name: FieldName) => t(`shared.fields.${name}`);
  const units = useReferenceList('unit', { query: { type: 3 } });
  const unitOptions = (units.data?.lists ?? []).map((unit) => ({ value: unit.id, label: unit.name }));

  return (
    <Form.List name={[line, 'more_commodities']}>
      {(fields, { add, remove }) => (
        <div role="group" aria-labelledby={`${id}-hint`}>
          <Typography.Paragraph type="secondary" id={`${id}-hint`} style={{ marginBottom: 8 }}>
            {t('bookings.form.moreCommoditiesHint')}
          </Typography.Paragraph>
          {fields.map((field, place) => {
            const path = ['containers', line, 'more_commodities', field.name];
            const item = (name: string, format: Rule[]) => ({
              name: [field.name, name],
              label: f(name as FieldName),
              rules: termRules([...path, name], format),
            });
            const number = place + 2;
            return (
              <ListRow
                key={field.key}
                titleId={`${id}-${field.key}`}
                title={<strong>{t('bookings.form.commodityOf', { index: number })}</strong>}
                removeLabel={t('bookings.form.removeCommodity', { index: number })}
                onRemove={() => remove(field.name)}
              >
                <Row gutter={16}>
                  <Col xs={24} lg={12}>
                    <Form.Item {...item('description', rules.description)} normalize={documentText}>
                      <Input maxLength={COMMODITY_LIMITS.descriptionMax} />
                    </Form.Item>
                  </Col>
                  <Col xs={24} sm={12} lg={6}>
                    <Form.Item {...item('hs_code', hsCodesRules)} label={f('hs_codes')}>
                      <Input
                        maxLength={hsCodeTextMax(true)}
                        placeholder={t('bookings.form.hsCodesPlaceholder')}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6} lg={3}>
                    <Form.Item {...item('packages', rules.packages)}>
                      <InputNumber min={0} precision={0} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6} lg={3}>
                    <Form.Item {...item('unit_id', rules.unit_id)}>
                      <Select<number>
                        allowClear
                        showSearch={{ optionFilterProp: 'label' }}
                        loading={units.isPending}
                        options={unitOptions}
                        popupMatchSelectWidth={false}
                      />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6} lg={6}>
                    <Form.Item {...item('weight', rules.weight)}>
                      <InputNumber min={0} precision={BOOKING_LIMITS.decimals} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <Col xs={12} sm={6} lg={6}>
                    <Form.Item {...item('volume', rules.volume)}>
                      <InputNumber min={0} precision={BOOKING_LIMITS.decimals} style={{ width: '100%' }} />
                    </Form.Item>
                  </Col>
                  <NameAndNetWeight owner={[field.name]} path={path} termRules={termRules} />
                </Row>
                <DangerousGoodsEditor owner={[field.name]} path={path} termRules={termRules} />
              </ListRow>
            );
          })}
          <Button
            type="dashed"
            icon={<PlusOutlined />}
            block
            disabled={fields.length + 1 >= COMMODITY_LIMITS.perLine}
            onClick={() => add(emptyCommodity())}
          >
            {t('bookings.form.addCommodity', { index: index + 1 })}
          </Button>
        </div>
      )}
    </Form.List>
  );
}
