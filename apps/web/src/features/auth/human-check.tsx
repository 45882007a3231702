import { CAPTCHA_TTL_MS, type ProofOfWorkChallenge } from '@freight/contract';
import { useQuery } from '@tanstack/react-query';
import { Form } from 'antd';
import type { Rule } from 'antd/es/form';
// Input by path: the Input index would bring TextArea, Search, OTP and Password into the login
// page's first download.
import Input from 'antd/es/input/Input';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { api } from '../../api/client';
import { ApiError } from '../../api/http';
import { queryKeys } from '../../api/query-keys';

/*
 * The checks that tell a member from a script, for the login, registration and reset-code
 * forms: the image captcha and the invisible proof of work. One module, so that the login page loads
 * them in one request (its first load is measured: bench/first-load.ts).
 */

/* ---------- image captcha ---------- */

type Captcha = { captcha_id: string; image: string };

/** A fresh captcha (single use, 5 minutes); renewed shortly before it expires and on demand. */
export function useCaptcha() {
  const query = useQuery({
    queryKey: queryKeys.captcha,
    queryFn: () => api.get<Captcha>('/system/captcha'),
    gcTime: 0,
    staleTime: 0,
    retry: 1,
    refetchInterval: CAPTCHA_TTL_MS - 30_000,
  });
  return { captcha: query.data, isError: query.isError, refresh: () => void query.refetch() };
}

/**
 * The image captcha of login and registration: the answer's input (field `captcha`) and the picture,
 * a button that shows another one.
 */
export function CaptchaField({ captcha, rules }: { captcha: ReturnType<typeof useCaptcha>; rules: Rule[] }) {
  const { t } = useTranslation();
  return (
    <Form.Item label={t('shared.fields.captcha')} required>
      <div style={{ display: 'flex', gap: 8, alignItems: 'flex-start' }}>
        <Form.Item name="captcha" rules={rules} noStyle>
          <Input
            aria-label={t('shared.fields.captcha')}
            autoComplete="off"
            maxLength={10}
            style={{ flex: 1 }}
          />
        </Form.Item>
        <button
          type="button"
          onClick={captcha.refresh}
          title={t('auth.login.newImage')}
          style={{
            height: 40,
            width: 120,
            padding: 0,
            border: '1px solid #d9d9d9',
            borderRadius: 8,
            background: '#fff',
            cursor: 'pointer',
            overflow: 'hidden',
          }}
        >
          {captcha.captcha ? (
            <img
              src={captcha.captcha.image}
              alt={t('auth.login.newImage')}
              style={{ width: '100%', height: '100%' }}
            />
          ) : (
            <span style={{ fontSize: 12 }}>{captcha.isError ? t('auth.login.imageFailed') : '…'}</span>
          )}
        </button>
      </div>
    </Form.Item>
  );
}

/* ---------- proof of work (the ALTCHA widget: proof-of-work-widget.ts) ---------- */

/** `username`: the one the challenge was asked for ('' for none): its failed logins set the work. */
type Solving = { payload: Promise<string>; expiresAt: number; username: string };

/** Thrown when the browser cannot run the check at all: pages outside HTTPS get no Web Crypto. */
class InsecurePageError extends Error {}

/** What to tell the member when take() failed: the server's message, or why the browser could not. */
export function proofFailureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return error.message || t('auth.proof.failed');
  return t(error instanceof InsecurePageError ? 'auth.proof.insecure' : 'auth.proof.failed');
}

/**
 * The invisible proof of work of a form: `start()` when the member first touches the
 * form loads the ALTCHA widget (a chunk of its own, after the page has painted) and solves a
 * challenge while they type; `take()` at submit answers that solution (waiting for it if needed)
 * and lets it go, as each is accepted once: after a refused attempt, `start()` again solves the
 * next one while the member corrects the form. `host` is the hidden element the widget lives in.
 *
 * The login form passes `username`, the name typed: the server asks for more work after failed
 * logins of that name, so its challenge names it. Until a name is typed, nothing starts; a challenge
 * asked for another name than the one submitted is replaced at submit.
 */
export function useProofOfWork(username?: () => string | undefined) {
  const host = useRef<HTMLDivElement>(null);
  const current = useRef<Solving | null>(null);
  /** True while a submit waits for the solution (the pages say so in a status line). */
  const [isChecking, setChecking] = useState(false);

  const named = useRef(username);
  useEffect(() => {
    named.current = username;
  });
  /** The name the challenge is for: '' on forms without one. */
  const nameNow = useCallback(() => named.current?.()?.trim().toLowerCase() ?? '', []);

  const begin = useCallback((): Solving => {
    const name = nameNow();
    const solving: Solving = {
      expiresAt: Number.POSITIVE_INFINITY,
      payload: Promise.resolve(''),
      username: name,
    };
    solving.payload = (async () => {
      if (!window.isSecureContext) throw new InsecurePageError();
      const [widget, challenge] = await Promise.all([
        import('./proof-of-work-widget'),
        api.get<ProofOfWorkChallenge>(
          name ? `/system/altcha?${new URLSearchParams({ username: name }).toString()}` : '/system/altcha',
        ),
      ]);
      // A minute before the challenge's own end: a solution sent late would be refused.
      solving.expiresAt = (challenge.parameters.expiresAt ?? Number.POSITIVE_INFINITY) * 1000 - 60_000;
      if (!host.current) throw new Error('the form is gone');
      return widget.solve(host.current, challenge);
    })();
    // A failure is reported by take(); unobserved, it would be an unhandled rejection.
    solving.payload.catch(() => undefined);
    current.current = solving;
    return solving;
  }, [nameNow]);

  const start = useCallback(() => {
    // A login form waits for its name: a challenge for no name could be too easy for it.
    if (named.current && !nameNow()) return;
    if (!current.current) begin();
  }, [begin, nameNow]);

  const take = useCallback(async (): Promise<string> => {
    let solving = current.current;
    if (!solving || solving.expiresAt < Date.now() || solving.username !== nameNow()) solving = begin();
    // Spent (or failed) either way: the next start() or take() solves a new one.
    current.current = null;
    setChecking(true);
    try {
      return await solving.payload;
    } finally {
      setChecking(false);
    }
  }, [begin, nameNow]);

  useEffect(
    () => () => {
      current.current = null;
    },
    [],
  );

  return { host, start, take, isChecking };
}

/**
 * Where a form's proof of work lives: the hidden element of the ALTCHA widget, and a status line
 * that says (to the eye and to screen readers) when a submit waits for the check to finish. Place
 * it outside the <form>: the widget joins the form it sits in, and its (hidden, required) checkbox
 * would block the form's submit.
 */
export function ProofOfWorkSlot({ pow }: { pow: ReturnType<typeof useProofOfWork> }) {
  const { t } = useTranslation();
  return (
    <>
      <div ref={pow.host} hidden />
      <div role="status" style={{ marginTop: pow.isChecking ? 8 : 0, color: 'rgba(0, 0, 0, 0.65)' }}>
        {pow.isChecking ? t('auth.proof.checking') : null}
      </div>
    </>
  );
}
