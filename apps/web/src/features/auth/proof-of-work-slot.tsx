import { useTranslation } from 'react-i18next';
import type { useProofOfWork } from './use-proof-of-work';

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
