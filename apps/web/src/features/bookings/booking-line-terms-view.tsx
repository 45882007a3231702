import './strings';
import { dangerousGoodText, equipmentTermsText, type ContainerLine } from '@freight/contract';
import { Tag, Typography } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

type LineTerms = Pick<
  ContainerLine,
  | 'is_shipper_owned'
  | 'tare_weight'
  | 'is_non_operating_reefer'
  | 'reefer'
  | 'out_of_gauge'
  | 'dangerous_goods'
>;

/** Whether a line states special cargo: equipment terms or dangerous goods. */
export const hasSpecialCargo = (line: LineTerms) =>
  equipmentTermsText(line).length > 0 || line.dangerous_goods.length > 0;

/**
 * A line's special cargo on the detail page (member and forwarder alike), in the trade's own
 * abbreviations as the booking note prints them, which carriers read in any language: the
 * equipment's terms ("SOC TARE 2200.000 KG", "-18 °C VENT CLOSED", "OOG …") as tags, and each
 * dangerous good ("UN 1263 PAINT CL 3 PG III").
 */
export function LineTermsView({ line }: { line: LineTerms }) {
  const { t } = useTranslation();
  const id = useId();
  const parts = equipmentTermsText(line);
  const goods = line.dangerous_goods.map(dangerousGoodText);
  if (parts.length === 0 && goods.length === 0) return '-';
  return (
    <>
      {parts.length > 0 && (
        <div>
          {parts.map((part) => (
            <Tag key={part} style={{ marginBottom: 4 }}>
              {part}
            </Tag>
          ))}
        </div>
      )}
      {goods.length > 0 && (
        <>
          <Typography.Text type="danger" strong id={id}>
            {t('shared.fields.dangerous_goods')}
          </Typography.Text>
          <ul aria-labelledby={id} style={{ margin: 0, paddingInlineStart: 18 }}>
            {goods.map((text, index) => (
              <li key={index}>{text}</li>
            ))}
          </ul>
        </>
      )}
    </>
  );
}
