import type { Locale } from '@freight/contract';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { changeLocale, currentLocale } from '../i18n';
import { useToast } from '../components/use-toast';

/** A small globe, drawn inline: an icon package would add to the login page's download. */
function GlobeIcon() {
  return (
    <svg viewBox="0 0 16 16" width="1em" height="1em" aria-hidden="true" focusable="false">
      <g fill="none" stroke="currentColor" strokeWidth="1.3">
        <circle cx="8" cy="8" r="6.5" />
        <path d="M1.5 8h13M8 1.5c-2.2 2.3-2.2 10.7 0 13M8 1.5c2.2 2.3 2.2 10.7 0 13" />
      </g>
    </svg>
  );
}

/**
 * Switches between the two interface languages; the Lang header and date formats follow at once.
 * A button (not a select) because it is on the login page, whose download must stay small.
 */
export function LanguageSwitch() {
  const { t } = useTranslation();
  const message = useToast();
  const next: Locale = currentLocale() === 'zh-CN' ? 'en-US' : 'zh-CN';
  return (
    <Button
      size="small"
      icon={<GlobeIcon />}
      lang={next}
      aria-label={t('layout.switchLanguage', { language: next === 'en-US' ? 'English' : '中文' })}
      onClick={() => {
        changeLocale(next).catch(() => message.error(t('error.changeLanguage')));
      }}
    >
      {next === 'en-US' ? 'English' : '中文'}
    </Button>
  );
}
