import '../../test-support/setup';
import type { Locale, Quote } from '@freight/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render';
import { RfqModal } from './rfq-modal';

const QUOTE: Quote = {
  id: 9,
  carrier_id: 1,
  carrier_name: 'MAERSK',
  pol_id: 1,
  pol_name: 'Shanghai',
  from_name: 'Shanghai',
  pod_id: 2,
  pod_name: 'Rotterdam',
  to_id: 2,
  to_name: 'Rotterdam',
  forwarder_name: 'DEMO FORWARDING CO., LTD',
  sdate: '2026-01-01',
  edate: '2026-12-31',
  transit_days: 30,
  etd: null,
  eta: null,
  status: 1,
  spaces: [
    { id: 1, container_id: 1, container_name: '20GP', price: '1000.00' },
    { id: 2, container_id: 3, container_name: '40HQ', price: '1850.50' },
  ],
};

const openDialog = async (locale: Locale) => {
  await renderWithApp(<RfqModal quote={QUOTE} onClose={() => undefined} />, { locale });
  return screen.findByRole('dialog');
};

describe('RFQ dialog: the required fields, with the contract’s messages', () => {
  it.each([
    {
      locale: 'en-US' as const,
      send: 'Submit',
      fields: [
        ['Cargo ready date', 'Cargo ready date is required'],
        ['Commodity', 'Commodity is required'],
        ['Potential volume', 'Potential volume is required'],
        ['Contact for this request', 'Contact for this request is required'],
      ],
      quantities: ['20GP quantity', 'Containers and quantity are required'],
      optional: 'Target rate',
    },
    {
      locale: 'zh-CN' as const,
      send: /^提\s*交$/,
      fields: [
        ['货好日期', '请填写货好日期'],
        ['品名', '请填写品名'],
        ['潜在货量', '请填写潜在货量'],
        ['询价联系人', '请填写询价联系人'],
      ],
      quantities: ['20GP 箱量', '请填写箱型及数量'],
      optional: '目标价',
    },
  ])('marks each field and names it when sent empty ($locale)', async (language) => {
    const user = userEvent.setup();
    const dialog = await openDialog(language.locale);
    // Marked before anything is sent.
    for (const [name = ''] of language.fields)
      expect(within(dialog).getByRole('textbox', { name }).getAttribute('aria-required'), name).toBe('true');
    await user.click(within(dialog).getByRole('button', { name: language.send }));
    for (const [name = '', message = ''] of language.fields)
      await within(dialog).findByRole('textbox', { name, description: (text) => text.startsWith(message) });
    const [quantity = '', quantityMessage = ''] = language.quantities;
    // Each container type's quantity has a label of its own, not a prefix inside the field.
    expect(within(dialog).getByRole('spinbutton', { name: quantity })).toBeTruthy();
    expect(within(dialog).getByText(quantity, { selector: 'label' })).toBeTruthy();
    // The target rate may stay empty: many ask precisely because they have no price in mind.
    const target = within(dialog).getByRole('textbox', { name: language.optional });
    expect(target.getAttribute('aria-required')).not.toBe('true');
    expect(target.getAttribute('aria-invalid')).not.toBe('true');
    expect(await within(dialog).findByText(quantityMessage)).toBeTruthy();
  });

  it('refuses a cargo ready date before today: the picker does not take it', async () => {
    const user = userEvent.setup();
    const dialog = await openDialog('en-US');
    const date = within(dialog).getByRole('textbox', { name: 'Cargo ready date' });
    await user.click(date);
    await user.type(date, '01/02/2020{Enter}');
    // The contract's isReadyDateAllowed disables the day in the picker: the typed past date is
    // dropped, and sending asks for the date.
    await user.click(within(dialog).getByRole('textbox', { name: 'Commodity' }));
    expect((date as HTMLInputElement).value).toBe('');
    await user.click(within(dialog).getByRole('button', { name: 'Submit' }));
    await within(dialog).findByRole('textbox', {
      name: 'Cargo ready date',
      description: 'Cargo ready date is required',
    });
  });
});
