import type * as PasswordRule from '@freight/contract/password-strength';
import type { Rule } from 'antd/es/form';
import type { TFunction } from 'i18next';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sharedMessage } from '../../i18n';
import { registerArea } from '../../i18n/areas';
import en from '../../i18n/en-US/password-strength.json';
import zh from '../../i18n/zh-CN/password-strength.json';

// With the forms that set a password, not in every page's first download.
registerArea('passwordStrength', { 'zh-CN': zh, 'en-US': en });

type Judge = typeof PasswordRule;

/** The contract's password rule with its dictionary (~200 KB): a chunk of its own, loaded once. */
let loading: Promise<Judge> | undefined;
const loadJudge = () => (loading ??= import('@freight/contract/password-strength'));

/**
 * The rule the server applies to a new password: not too common, not the e-mail
 * address; `email` reads the account's address from the form. Empty values are left to the
 * required rule.
 */
export function passwordStrengthRule(email: () => string | undefined): Rule {
  return {
    validator: async (_rule, value: unknown) => {
      if (typeof value !== 'string' || !value) return;
      const { judgePassword, PASSWORD_PROBLEM_KEYS } = await loadJudge();
      const { problem } = judgePassword(value, email() ?? '');
      if (problem) throw new Error(sharedMessage(PASSWORD_PROBLEM_KEYS[problem]));
    },
  };
}

const COLOURS = { weak: '#cf1322', fair: '#ad6800', strong: '#237804' } as const;

/** "Password strength: weak / fair / strong" under a new password, announced politely as it changes. */
export function PasswordStrength({ password, email }: { password: string | undefined; email?: string }) {
  const { t } = useTranslation();
  const [judge, setJudge] = useState<Judge | null>(null);
  useEffect(() => {
    let isCurrent = true;
    void loadJudge().then((module) => {
      if (isCurrent) setJudge(module);
    });
    return () => {
      isCurrent = false;
    };
  }, []);
  const level = judge && password ? judge.judgePassword(password, email ?? '').strength : undefined;
  return (
    <span role="status" aria-live="polite" style={{ display: 'block' }}>
      {level ? strengthText(t, level) : null}
    </span>
  );
}

function strengthText(t: TFunction, level: keyof typeof COLOURS) {
  return (
    <>
      {t('passwordStrength.label')}
      <strong style={{ color: COLOURS[level] }}>{t(`passwordStrength.${level}`)}</strong>
    </>
  );
}
