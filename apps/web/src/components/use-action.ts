import { App, type FormInstance } from 'antd';
import { useCallback, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { applyFieldErrors, errorMessage } from './api-error';
import { useToast } from './use-toast';

/** How a failed action is told: a dialog with a title, or a one-line message. */
type Failure = {
  /** A dialog with this title, the reason below it. Without it: a one-line message. */
  title?: string;
  /** A one-line message's text before the reason ("Could not save: …"); the reason alone without it. */
  prefix?: string;
  /** The reason shown when the failure carries none of its own (default: common.failed). */
  fallback?: string;
  /** The reply's field errors are put on this form's fields too, beside the message. */
  form?: FormInstance;
  /** Where the form holds a field the reply names, when its shape is not the wire's. */
  fieldPath?: (field: string) => (string | number)[];
};

export type ActionOptions = Failure & {
  /**
   * The caller takes the failure first: answering true means it has shown it (a wrong password
   * told its own way, a problem put inside a dialog), and nothing more is shown.
   */
  onError?: (error: unknown) => boolean | void;
  /** Fails on after telling why: the caller keeps its dialog open for another try. */
  rethrow?: boolean;
};

/**
 * The one way a page runs something that may fail on the server (a save, a delete, a download): it
 * is busy while it runs, and a failure is told in the interface language, with the server's reason
 * (which names the field when the reply does), its field errors on the form, unless the caller
 * handles it. Pages no longer each write their own try/catch around a call and its message.
 */
export function useAction() {
  const { t } = useTranslation();
  const { modal } = App.useApp();
  const message = useToast();
  const running = useRef(0);
  const [busy, setBusy] = useState(false);

  const fail = useCallback(
    (error: unknown, failure: Failure = {}) => {
      if (failure.form) applyFieldErrors(failure.form, error, failure.fieldPath);
      const reason = errorMessage(error, failure.fallback ?? t('common.failed'));
      if (failure.title !== undefined)
        modal.error({ title: failure.title, content: reason, okText: t('common.ok') });
      else void message.error(failure.prefix ? `${failure.prefix}: ${reason}` : reason);
    },
    [message, modal, t],
  );

  const run = useCallback(
    async <T>(work: () => Promise<T>, options: ActionOptions = {}): Promise<T | undefined> => {
      running.current += 1;
      setBusy(true);
      try {
        return await work();
      } catch (error) {
        if (options.onError?.(error) !== true) fail(error, options);
        if (options.rethrow) throw error;
        return undefined;
      } finally {
        running.current -= 1;
        if (running.current === 0) setBusy(false);
      }
    },
    [fail],
  );

  return { run, busy, fail };
}
