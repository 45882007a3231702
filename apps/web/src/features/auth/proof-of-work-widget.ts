import { PROOF_OF_WORK, type ProofOfWorkChallenge } from '@freight/contract';
// The build without bundled workers or injected styles (the page's CSP allows neither blob: workers
// nor scripts it did not serve): its one worker comes from our own origin.
import 'altcha/external';
import type { AltchaWidgetElement } from 'altcha/types/generic';
import Pbkdf2Worker from 'altcha/workers/pbkdf2?worker';
import en from '../../i18n/en-US/human-check.json';
import { currentLocale } from '../../i18n';
import { registerArea } from '../../i18n/areas';
import zh from '../../i18n/zh-CN/human-check.json';

/*
 * The ALTCHA widget, loaded only once the member starts on a form (human-check.tsx):
 * never part of the login page's first download. It stays invisible; its strings follow the page's
 * language all the same (screen readers would read them if it ever showed).
 */

registerArea('humanCheck', { 'zh-CN': zh, 'en-US': en });
globalThis.$altcha.algorithms.set(PROOF_OF_WORK.algorithm, () => new Pbkdf2Worker());
globalThis.$altcha.i18n.set('zh-cn', zh);
globalThis.$altcha.i18n.set('en', en);

/** The widget inside `host`, made and mounted on first use. */
async function widgetIn(host: HTMLElement): Promise<AltchaWidgetElement> {
  const present = host.querySelector('altcha-widget');
  if (present) return present;
  const widget = document.createElement('altcha-widget');
  widget.setAttribute('display', 'invisible');
  widget.setAttribute('auto', 'off');
  const mounted = new Promise((resolve) => widget.addEventListener('load', resolve, { once: true }));
  host.append(widget);
  await mounted;
  return widget;
}

/** Solves `challenge` in the widget's workers; answers the payload the server checks (`altcha`). */
export async function solve(host: HTMLElement, challenge: ProofOfWorkChallenge): Promise<string> {
  const widget = await widgetIn(host);
  await widget.configure({
    challenge,
    language: currentLocale() === 'en-US' ? 'en' : 'zh-cn',
    minDuration: 0,
    hideFooter: true,
    hideLogo: true,
    humanInteractionSignature: false,
  });
  const result = await widget.verify();
  if (!result?.payload) throw new Error('the proof of work was not solved');
  return result.payload;
}
