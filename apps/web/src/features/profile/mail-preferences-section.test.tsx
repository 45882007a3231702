import '../../test-support/setup';
import { DEFAULT_MAIL_PREFERENCES } from '@freight/contract';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render';
import { queryKeys } from '../../api/query-keys';
import { MailPreferencesSection } from './mail-preferences-section';

const saved = { ...DEFAULT_MAIL_PREFERENCES, release: 'digest' as const, ship: 'off' as const };

describe('e-mail notifications on My account', () => {
  it.each([
    {
      locale: 'en-US' as const,
      title: 'E-mail notifications',
      rows: [
        ['Booking accepted', 'Immediately'],
        ['Space released', 'Daily digest'],
        ['Shipped', 'Off'],
        ['My RFQ answered', 'Immediately'],
      ],
      options: ['Off', 'Immediately', 'Daily digest'],
      mailLanguage: 'Language of my e-mails',
      languageShown: 'English',
    },
    {
      locale: 'zh-CN' as const,
      title: '邮件通知',
      rows: [
        ['订舱已接受', '立即发送'],
        ['已放舱', '每日摘要'],
        ['已出运', '关闭'],
        ['我的询价已报价', '立即发送'],
      ],
      options: ['关闭', '立即发送', '每日摘要'],
      mailLanguage: '邮件语言',
      languageShown: '中文',
    },
  ])('names each event and shows its choice, by keyboard too ($locale)', async (language) => {
    const user = userEvent.setup();
    await renderWithApp(<MailPreferencesSection language={language.locale} />, {
      locale: language.locale,
      data: [[queryKeys.profile.mailPreferences, saved]],
    });
    const section = screen.getByRole('region', { name: language.title });
    // Eight booking events, two about one's RFQs, and the language of the mails.
    expect(within(section).getAllByRole('combobox')).toHaveLength(11);
    const mailLanguage = within(section).getByRole('combobox', { name: language.mailLanguage });
    expect(mailLanguage.closest('.ant-select')?.textContent).toContain(language.languageShown);
    for (const [name = '', value = ''] of language.rows) {
      const select = within(section).getByRole('combobox', { name });
      const shown = select.closest('.ant-select');
      expect(shown?.textContent, name).toContain(value);
    }
    // The first event's select is the first tab stop, and Enter opens its choices.
    await user.tab();
    expect(document.activeElement?.getAttribute('aria-labelledby')).toBe('mail-submit');
    await user.keyboard('{Enter}');
    expect(await screen.findAllByRole('option')).toHaveLength(3);
    for (const option of language.options)
      expect(await screen.findByText(option, { selector: '.ant-select-item-option-content' })).toBeTruthy();
  });
});
