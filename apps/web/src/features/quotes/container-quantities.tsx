import './strings';
import type { Space as QuoteSpace } from '@freight/contract';
import { InputNumber, Space } from 'antd';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';

export type Quantities = Record<number, number | null | undefined>;

/** The lines with a quantity above 0, as POST /quote/estimate wants them. */
export function quantityItems(value: Quantities | undefined): { container_id: number; quantity: number }[] {
  return Object.entries(value ?? {})
    .filter(([, quantity]) => typeof quantity === 'number' && quantity > 0)
    .map(([id, quantity]) => ({ container_id: Number(id), quantity: quantity as number }));
}

/** The RFQ's "container type and quantity" text, e.g. "2 x 40HQ, 1 x 20GP". */
export function bookingSpaceText(spaces: QuoteSpace[], value: Quantities | undefined): string {
  return quantityItems(value)
    .map((item) => {
      const name = spaces.find((s) => s.container_id === item.container_id)?.container_name ?? '';
      return `${item.quantity} x ${name}`;
    })
    .join(', ');
}

type Props = { spaces: QuoteSpace[]; value?: Quantities; onChange?: (value: Quantities) => void };

/**
 * One quantity input per container type of the quote (a form control for Form.Item), each with its
 * own visible label ("20GP quantity") above a plain number field: a prefix inside the field read as
 * a removable tag.
 */
export function ContainerQuantities({ spaces, value, onChange }: Props) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <Space wrap size={16}>
      {spaces.map((space) => {
        const inputId = `${id}-${space.container_id}`;
        return (
          <div key={space.container_id} style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
            <label htmlFor={inputId}>{t('quotes.rfq.quantityOf', { container: space.container_name })}</label>
            <InputNumber<number>
              id={inputId}
              min={0}
              max={1000}
              precision={0}
              style={{ width: 140 }}
              value={value?.[space.container_id] ?? null}
              onChange={(quantity) => onChange?.({ ...value, [space.container_id]: quantity })}
            />
          </div>
        );
      })}
    </Space>
  );
}
