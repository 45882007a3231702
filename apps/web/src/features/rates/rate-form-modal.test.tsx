import '../../test-support/setup';
import type { Locale, Rate } from '@freight/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render';
import { RateFormModal } from './rate-form-modal';
import { queryKeys } from '../../api/query-keys';

const list = (items: [number, string][]) => ({
  lists: items.map(([id, code]) => ({ id, code, name: code })),
  total: items.length,
});

/** The rate dialog (new, or editing `rate`), its reference lists answered beforehand. */
async function openForm(locale: Locale, rate?: Rate) {
  await renderWithApp(
    <RateFormModal open rate={rate} onClose={() => undefined} onSaved={() => undefined} />,
    {
      locale,
      data: [
        [queryKeys.reference.list('carrier', 1000, {}, locale), list([[1, 'MAEU']])],
        [
          ['reference', 'port', 1000, {}, locale],
          list([
            [1, 'CNSHA'],
            [2, 'NLRTM'],
          ]),
        ],
        [
          ['reference', 'container', 1000, {}, locale],
          list([
            [1, '20GP'],
            [3, '40HQ'],
          ]),
        ],
      ],
    },
  );
  await screen.findByRole('dialog');
}

const RATE: Rate = {
  id: 5,
  carrier_id: 1,
  carrier_name: 'MAEU',
  pol_id: 1,
  pol_name: 'CNSHA',
  pod_id: 2,
  pod_name: 'NLRTM',
  to_id: 2,
  to_name: 'NLRTM',
  sdate: '2026-01-01',
  edate: '2026-12-31',
  transit_days: 30,
  etd: null,
  eta: null,
  remark: '',
  spaces: [{ id: 1, container_id: 1, container_name: '20GP', price: '1000.00' }],
  create_time: '2026-01-01T00:00:00.000Z',
  update_time: '2026-01-01T00:00:00.000Z',
};

describe('rate form: the contract’s rules, messages in the interface language', () => {
  it.each([
    {
      locale: 'en-US' as const,
      save: 'Save',
      required: [
        ['Carrier', 'Carrier is required'],
        ['Port of loading', 'Port of loading is required'],
        ['Port of discharge', 'Port of discharge is required'],
        ['Delivery place', 'Delivery place is required'],
      ],
      more: ['Validity is required', 'Please add at least one space'],
    },
    {
      locale: 'zh-CN' as const,
      save: /^保\s*存$/,
      required: [
        ['船公司', '请选择船公司'],
        ['起运港', '请选择起运港'],
        ['卸货港', '请选择卸货港'],
        ['交货地', '请选择交货地'],
      ],
      more: ['请填写有效期', '请至少添加一个舱位'],
    },
  ])('marks the required fields and names each when saved empty ($locale)', async (language) => {
    const user = userEvent.setup();
    await openForm(language.locale);
    await user.click(screen.getByRole('button', { name: language.save }));
    for (const [name = '', message = ''] of language.required) {
      const control = await screen.findByRole('combobox', {
        name,
        description: (text) => text.startsWith(message),
      });
      expect(control.getAttribute('aria-required'), name).toBe('true');
    }
    for (const message of language.more) expect(await screen.findByText(message)).toBeTruthy();
  });

  it('refuses a negative transit time with its message instead of changing it', async () => {
    const user = userEvent.setup();
    await openForm('en-US', RATE);
    const transit = screen.getByRole<HTMLInputElement>('spinbutton', { name: 'Transit (days)' });
    await user.clear(transit);
    await user.type(transit, '-5');
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('spinbutton', {
      name: 'Transit (days)',
      description: 'Transit (days) cannot be less than 0',
    });
    expect(transit.value).toBe('-5');
  });

  it('refuses an ETA before the ETD, and a container type given twice', async () => {
    const user = userEvent.setup();
    await openForm('en-US', {
      ...RATE,
      etd: '2026-03-10',
      eta: '2026-03-01',
      spaces: [...RATE.spaces, { id: 2, container_id: 1, container_name: '20GP', price: '900.00' }],
    });
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('textbox', { name: 'ETA', description: 'ETA cannot be before ETD' });
    expect(await screen.findByText('A container type cannot appear twice')).toBeTruthy();
  });
});
