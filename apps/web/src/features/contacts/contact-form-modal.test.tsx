import '../../test-support/setup';
import type { Locale } from '@freight/contract';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render';
import { ContactFormModal } from './contact-form-modal';
import { queryKeys } from '../../api/query-keys';

/** The add-contact dialog, its country list answered beforehand. */
async function openForm(locale: Locale) {
  const countries = { lists: [{ id: 1, name: locale === 'en-US' ? 'China' : '中国', code: 'CN' }], total: 1 };
  await renderWithApp(<ContactFormModal onClose={() => undefined} onSaved={() => undefined} />, {
    locale,
    data: [[queryKeys.reference.list('country', 1000, {}, locale), countries]],
  });
  await screen.findByRole('dialog');
}

/** A text field found by its label whose description (error, then hint) starts with `message`. */
const textbox = (name: string, message: string) =>
  screen.findByRole('textbox', { name, description: (text) => text.startsWith(message) });

describe('contact form: the contract’s rules, messages in the interface language', () => {
  it.each([
    {
      locale: 'en-US' as const,
      save: 'Save',
      required: [
        ['Company name (English)', 'Company name (English) is required'],
        ['Contact person', 'Contact person is required'],
        ['Address (English)', 'Address (English) is required'],
        ['City', 'City is required'],
        ['Phone', 'Phone is required'],
      ],
      country: ['Country', 'Country is required'],
    },
    {
      locale: 'zh-CN' as const,
      save: /^保\s*存$/,
      required: [
        ['英文公司名称', '请填写英文公司名称'],
        ['联系人', '请填写联系人'],
        ['英文地址', '请填写英文地址'],
        ['城市', '请填写城市'],
        ['电话', '请填写电话'],
      ],
      country: ['国家', '请选择国家'],
    },
  ])('marks the required fields and names each when saved empty ($locale)', async (language) => {
    const user = userEvent.setup();
    await openForm(language.locale);
    await user.click(screen.getByRole('button', { name: language.save }));
    for (const [name, message] of language.required) {
      const control = await textbox(name ?? '', message ?? '');
      expect(control.getAttribute('aria-required'), name).toBe('true');
      expect(control.getAttribute('aria-invalid'), name).toBe('true');
    }
    const [countryName = '', countryMessage = ''] = language.country;
    const country = await screen.findByRole('combobox', { name: countryName });
    expect(country.getAttribute('aria-required')).toBe('true');
    expect(await screen.findByText(countryMessage)).toBeTruthy();
    // Optional fields are neither marked nor refused.
    const optional = screen.getByRole('textbox', { name: language.locale === 'en-US' ? 'Email' : '邮箱' });
    expect(optional.getAttribute('aria-required')).toBeNull();
    expect(optional.getAttribute('aria-invalid')).toBeNull();
  });

  it('writes the fields that go onto documents in capitals as they are typed, and only those', async () => {
    const user = userEvent.setup();
    await openForm('en-US');
    await user.type(screen.getByRole('textbox', { name: 'Company name (English)' }), 'ningbo bright co.');
    await user.type(screen.getByRole('textbox', { name: 'City' }), 'ningbo');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'wang@example.com');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Company name (English)' }).value).toBe(
      'NINGBO BRIGHT CO.',
    );
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'City' }).value).toBe('NINGBO');
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Email' }).value).toBe('wang@example.com');
  });

  it('refuses Chinese in an English field, a malformed phone and e-mail, with the contract’s messages', async () => {
    const user = userEvent.setup();
    await openForm('en-US');
    await user.type(screen.getByRole('textbox', { name: 'Company name (English)' }), '宁波明亮');
    await user.type(screen.getByRole('textbox', { name: 'Phone' }), 'call me');
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'wang');
    await textbox(
      'Company name (English)',
      'Company name (English) may only contain English letters (written in capitals), digits, spaces and common punctuation; no Chinese',
    );
    await textbox('Phone', 'Phone may only contain digits, spaces, plus signs, hyphens and parentheses');
    await textbox('Email', 'Please enter a valid email address');
  });
});
