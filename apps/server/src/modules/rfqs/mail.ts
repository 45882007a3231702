import {
  DEFAULT_LOCALE,
  formatDate,
  formatPrice,
  type Locale,
  parseLocale,
  RFQ_MAIL_EVENT,
  translate,
} from '@freight/contract';
import type { Db } from '../../platform/db.js';
import { queueMails } from '../mail-outbox/repo.js';
import {
  type MailLinks,
  queueRfqForDigest,
  recipientsOf,
  unsubscribeParts,
} from '../mail-preferences/service.js';
import { getSiteConfig } from '../system/service.js';
import { memberContact, referenceNames } from './repo.js';
import type { RfqAnswerMail } from './answers.js';
import { getRfq } from './service.js';

/** What the mail of a stored RFQ is made from. */
export type RfqMail = {
  rfqId: number;
  requesterId: number;
  forwarderId: number | null;
  request: Record<string, string | number>;
};

/**
 * Mails a stored RFQ to its forwarder in the forwarder's language (the one stored with the account,
 * whatever language the requester used), route and carrier named in that language, with the
 * requester's contact, Reply-To set to the requester (so that answering the mail answers them) and
 * the link to the request on the forwarder's "Received RFQs" page. Without a forwarder it goes to
 * the site's contact address, if any. Queued with `db`, the RFQ's transaction.
 */
export async function mailRfq(options: {
  db: Db;
  publicUrl: string;
  rfq: RfqMail;
  /** The requester's language: the mail's when it goes to the site's address. */
  senderLocale: Locale;
}): Promise<void> {
  const { db, rfq } = options;
  // One after another: inside a transaction the embedded database answers one query at a time.
  const forwarder = rfq.forwarderId === null ? undefined : await memberContact(db, rfq.forwarderId);
  const requester = await memberContact(db, rfq.requesterId);
  const site = await getSiteConfig({ db });
  const to = forwarder?.username ?? site.web_contact_email;
  if (!to || !requester) return;
  const locale = forwarder ? (parseLocale(forwarder.language) ?? DEFAULT_LOCALE) : options.senderLocale;
  const zh = locale === 'zh-CN';
  const { request } = rfq;
  const id = (field: string) => (typeof request[field] === 'number' ? (request[field] as number) : 0);
  const names = await referenceNames(db, [id('pol_id'), id('pod_id'), id('to_id')], [id('carrier_id')], zh);
  const text = (field: string) => String(request[field] ?? '');
  const company = (zh && requester.company2) || requester.company1;
  const params = {
    app: site.app_title || translate(locale, 'config.defaultTitle'),
    company,
    pol: names.port.get(id('pol_id')) ?? text('pol'),
    pod: names.port.get(id('pod_id')) ?? text('pod'),
    to: names.port.get(id('to_id')) ?? text('to'),
    carrier: names.carrier.get(id('carrier_id')) ?? text('carrier'),
    rate: text('rate'),
    ready_date: formatDate(text('ready_date'), locale),
    description: text('description'),
    booking_space: text('booking_space'),
    target_rate: text('target_rate'),
    potential_vol: text('potential_vol'),
    sales: text('sales'),
    linkman: requester.linkman,
    phone: requester.phone,
    email: requester.username,
    link: `${options.publicUrl}/received-rfqs/${rfq.rfqId}`,
  };
  await queueMails(db, [
    {
      companyId: rfq.requesterId,
      kind: 'rfq',
      to,
      replyTo: requester.username,
      locale,
      subject: translate(locale, 'rfq.mailSubject', params),
      text: translate(locale, 'rfq.mailBody', params),
    },
  ]);
}

/**
 * Mails the requester's people that the forwarder answered or closed their RFQ: each by their own
 * preference for the event (at once, in the daily digest, or not at all) and in their own language,
 * with the answer's prices, validity and remarks, and the link to the request on "My RFQs". Queued
 * with `db`, the change's transaction, as are the notification rows.
 */
export async function mailRfqAnswer(options: {
  db: Db;
  links: MailLinks;
  mail: RfqAnswerMail;
}): Promise<void> {
  const { db, mail } = options;
  const event = RFQ_MAIL_EVENT[mail.action];
  const told = await recipientsOf({ db, companyId: mail.requesterId, event });
  if (told.immediate.length === 0 && told.digest.length === 0) return;
  const site = await getSiteConfig({ db });
  const compose = async (locale: Locale) => {
    const rfq = await getRfq({
      db,
      context: { companyId: mail.requesterId, authorities: [], locale },
      id: mail.rfqId,
    });
    const app = site.app_title || translate(locale, 'config.defaultTitle');
    const answer = rfq.answer;
    const prices = answer
      ? answer.prices.map((p) => `${p.container_name}: ${formatPrice(p.price)}`).join('\n')
      : translate(locale, 'rfq.mailNoPrices');
    const params = {
      app,
      route: `${rfq.pol_name} → ${rfq.to_name}`,
      carrier: rfq.carrier_name,
      prices,
      valid_until: answer ? formatDate(answer.valid_until, locale) : '',
      remarks: answer?.remarks ? answer.remarks : translate(locale, 'rfq.mailNoRemarks'),
      link: `${options.links.publicUrl}/rfqs/${rfq.id}`,
    };
    const kind =
      mail.action === 'quote' && answer ? 'answered' : mail.action === 'quote' ? 'quoted' : 'closed';
    return {
      app,
      label: params.route,
      subject: translate(locale, `rfq.${kind}Subject`, params),
      text: translate(locale, `rfq.${kind}Body`, params),
    };
  };
  const byLocale = new Map<Locale, Awaited<ReturnType<typeof compose>>>();
  for (const person of [...told.immediate, ...told.digest])
    if (!byLocale.has(person.locale)) byLocale.set(person.locale, await compose(person.locale));
  await queueRfqForDigest({
    db,
    people: told.digest,
    event,
    rfq: { id: mail.rfqId, label: byLocale.get(told.digest[0]?.locale ?? 'zh-CN')?.label ?? '' },
  });
  const mails = told.immediate.flatMap((person) => {
    const message = byLocale.get(person.locale);
    if (!message) return [];
    const unsubscribe = unsubscribeParts(options.links, person.id, event);
    const footer = translate(person.locale, 'mailPrefs.footer', { app: message.app, link: unsubscribe.link });
    return [
      {
        companyId: mail.requesterId,
        kind: 'rfq-answer',
        to: person.email,
        locale: person.locale,
        subject: message.subject,
        text: message.text + footer,
        headers: unsubscribe.headers,
      },
    ];
  });
  await queueMails(db, mails);
}
