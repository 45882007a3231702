import { PROOF_OF_WORK, type ProofOfWorkChallenge } from '@freight/contract';
import type { TFunction } from 'i18next';
import { useCallback, useEffect, useRef, useState } from 'react';
import { api } from '../../api/client';
import { ApiError } from '../../api/http';

type Solving = { payload: Promise<string>; expiresAt: number };

/** Thrown when the browser cannot run the check at all: pages outside HTTPS get no Web Crypto. */
export class InsecurePageError extends Error {}

/** What to tell the member when take() failed: the server's message, or why the browser could not. */
export function proofFailureText(error: unknown, t: TFunction): string {
  if (error instanceof ApiError) return error.message || t('auth.proof.failed');
  return t(error instanceof InsecurePageError ? 'auth.proof.insecure' : 'auth.proof.failed');
}

/**
 * The invisible proof of work (issue 17) of a form: `start()` when the member first touches the
 * form loads the ALTCHA widget (a chunk of its own, after the page has painted) and solves a
 * challenge while they type; `take()` at submit answers that solution (waiting for it if needed)
 * and lets it go, as each is accepted once: after a refused attempt, `start()` again solves the
 * next one while the member corrects the form. `host` is the hidden element the widget lives in.
 */
export function useProofOfWork() {
  const host = useRef<HTMLDivElement>(null);
  const current = useRef<Solving | null>(null);
  /** True while a submit waits for the solution (the pages say so in a status line). */
  const [isChecking, setChecking] = useState(false);

  const begin = useCallback((): Solving => {
    const solving: Solving = {
      // A little before the server's limit: a solution sent late would be refused.
      expiresAt: Date.now() + PROOF_OF_WORK.ttlMs - 60_000,
      payload: (async () => {
        if (!window.isSecureContext) throw new InsecurePageError();
        const [widget, challenge] = await Promise.all([
          import('./proof-of-work-widget'),
          api.get<ProofOfWorkChallenge>('/system/altcha'),
        ]);
        if (!host.current) throw new Error('the form is gone');
        return widget.solve(host.current, challenge);
      })(),
    };
    // A failure is reported by take(); unobserved, it would be an unhandled rejection.
    solving.payload.catch(() => undefined);
    current.current = solving;
    return solving;
  }, []);

  const start = useCallback(() => {
    if (!current.current) begin();
  }, [begin]);

  const take = useCallback(async (): Promise<string> => {
    let solving = current.current;
    if (!solving || solving.expiresAt < Date.now()) solving = begin();
    // Spent (or failed) either way: the next start() or take() solves a new one.
    current.current = null;
    setChecking(true);
    try {
      return await solving.payload;
    } finally {
      setChecking(false);
    }
  }, [begin]);

  useEffect(
    () => () => {
      current.current = null;
    },
    [],
  );

  return { host, start, take, isChecking };
}
