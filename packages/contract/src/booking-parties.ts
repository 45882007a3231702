import { z } from 'zod';
import { upperRestricted } from './booking-fields.js';
import { PARTY_LIMITS } from './party-limits.js';
import { countryCode } from './trade-codes.js';
import { addProblems, problemAt, type RuleOptions, type RuleProblem } from './trade-rules.js';
import { documentTextField } from './validation.js';

/*
 * The booking's parties as the documents print them: shipper, consignee and notify parties kept on
 * the booking as they were chosen or typed (never written back into the contact book), within
 * DCSA's lengths, in the document text of the B/L (upper-case ASCII), with the B/L's own block of
 * at most five lines of 35 characters where a party is printed on one.
 */

/** DCSA's lengths for a party (party-limits.ts), read here with the party they measure. */
export { PARTY_LIMITS };

/** A party's block on a B/L: the lines and the characters per line a B/L form has room for. */
export const BL_TEXT = { lines: 5, width: 35 } as const;

/** Notify parties: the first, the second ("also notify") and one other, DCSA's N1, N2 and NI. */
export const NOTIFY_PARTIES_MAX = 3;

/** A phone number as the contact book takes it: digits, blanks, + ( ) and -, at most `max`. */
export const phoneText = (max: number) =>
  z
    .string()
    .trim()
    .max(max)
    .regex(/^(\+?[0-9()\- ]+)?$/, { error: 'contacts.phoneFormat' });

const emailText = (max: number) =>
  z
    .string()
    .trim()
    .toLowerCase()
    .pipe(z.union([z.literal(''), z.string().max(max).pipe(z.email())]));

/* ---------- B/L text ---------- */

/** B/L text as typed: line breaks as \n, no blanks at line ends, no empty lines before or after. */
function normalizeBlText(text: string): string {
  return text
    .replace(/\r\n?/g, '\n')
    .split('\n')
    .map((line) => line.trimEnd())
    .join('\n')
    .replace(/^\n+|\n+$/g, '');
}

/** The lines of a B/L text (none for empty text). */
export function blTextLines(text: string): string[] {
  const normalized = normalizeBlText(text);
  return normalized === '' ? [] : normalized.split('\n');
}

/**
 * Whether a B/L text fits its block: at most BL_TEXT.lines lines of BL_TEXT.width characters. The
 * problem names the field (`bl_text` unless told) and, for a line too long, which line. Null when
 * it fits.
 */
export function blTextProblem(
  text: string,
  options: RuleOptions & { field?: string } = {},
): RuleProblem | null {
  const at = options.at ?? [];
  const field = options.field ?? 'bl_text';
  const lines = blTextLines(text);
  if (lines.length > BL_TEXT.lines)
    return problemAt(at, field, 'bookingTerms.blTextLines', { max: BL_TEXT.lines });
  const long = lines.findIndex((line) => line.length > BL_TEXT.width);
  if (long >= 0)
    return problemAt(at, field, 'bookingTerms.blTextWidth', { line: long + 1, max: BL_TEXT.width });
  return null;
}

/**
 * A text wrapped to B/L lines of `width` characters: each line of it filled word by word, a word
 * longer than a line cut where the line ends; blank lines dropped. The result may run to more than
 * BL_TEXT.lines lines: whoever prints it decides what to shorten, not this function.
 */
export function wrapBlText(text: string, width: number = BL_TEXT.width): string[] {
  const out: string[] = [];
  for (const paragraph of blTextLines(text)) {
    let line = '';
    for (let word of paragraph.split(/\s+/).filter(Boolean)) {
      while (word.length > width) {
        if (line) out.push(line);
        out.push(word.slice(0, width));
        word = word.slice(width);
        line = '';
      }
      if (!word) continue;
      if (!line) line = word;
      else if (line.length + 1 + word.length <= width) line += ` ${word}`;
      else {
        out.push(line);
        line = word;
      }
    }
    if (line) out.push(line);
  }
  return out;
}

/**
 * A B/L text field: document text (upper case, no Chinese) over several lines, held to BL_TEXT.
 * Stored as typed, with its lines' trailing blanks and the empty lines around it dropped.
 */
export const blText = z
  .string()
  .transform(normalizeBlText)
  .pipe(documentTextField(1000, true))
  .superRefine((text, ctx) => {
    const problem = blTextProblem(text);
    if (problem) ctx.addIssue({ code: 'custom', message: problem.key, params: problem.params });
  });

/* ---------- a party ---------- */

const optionalCountry = z
  .string()
  .trim()
  .pipe(z.union([z.literal(''), countryCode]));

/**
 * A party on the booking: its name (required), the address (`street`, `city`, `post_code`,
 * `state_region`, ISO `country_code`), one contact person with phone and e-mail, and the block the
 * B/L prints for it (`bl_text`, empty: composed from the rest, partyBlText). Only formats and
 * lengths here; what a complete party needs is partyProblems, asked on submit.
 */
export const documentPartyFields = {
  party_name: upperRestricted(PARTY_LIMITS.name).pipe(z.string().min(1)),
  street: upperRestricted(PARTY_LIMITS.street).default(''),
  city: upperRestricted(PARTY_LIMITS.city).default(''),
  post_code: upperRestricted(PARTY_LIMITS.postCode).default(''),
  state_region: upperRestricted(PARTY_LIMITS.stateRegion).default(''),
  country_code: optionalCountry.default(''),
  contact_name: upperRestricted(PARTY_LIMITS.contactName).default(''),
  phone: phoneText(PARTY_LIMITS.phone).default(''),
  email: emailText(PARTY_LIMITS.email).default(''),
  bl_text: blText.default(''),
};
export const documentPartyInput = z.strictObject(documentPartyFields);
export type DocumentPartyInput = z.input<typeof documentPartyInput>;
export type DocumentParty = z.output<typeof documentPartyInput>;

/**
 * What a complete party needs (DCSA's `address` and `partyContactDetails`): an address, when one is
 * given at all, has its street, city and country; a contact has a name and a phone or an e-mail. A
 * party with a name only is complete: the consignee "TO ORDER" has no address, and DCSA lets a
 * booking leave both out.
 */
export function partyProblems(party: DocumentParty, options: RuleOptions = {}): RuleProblem[] {
  const at = options.at ?? [];
  if (options.submit === false) return [];
  const problems: RuleProblem[] = [];
  const address = [party.street, party.city, party.post_code, party.state_region, party.country_code];
  if (address.some((part) => part !== ''))
    for (const part of ['street', 'city', 'country_code'] as const)
      if (party[part] === '') problems.push(problemAt(at, part, 'bookingTerms.addressIncomplete'));
  const reachable = party.phone !== '' || party.email !== '';
  if (party.contact_name !== '' && !reachable)
    problems.push(problemAt(at, 'phone', 'bookingTerms.contactNeedsPhoneOrEmail'));
  if (party.contact_name === '' && reachable)
    problems.push(problemAt(at, 'contact_name', 'validation.required'));
  return problems;
}

/**
 * The B/L block a party's fields make, for a B/L text not typed: name, street, the city line
 * (city, state or region, post code, country), and the phone, each wrapped to B/L lines.
 */
export function partyBlText(party: Omit<DocumentParty, 'bl_text' | 'email' | 'contact_name'>): string {
  const cityLine = [party.city, party.state_region, party.post_code, party.country_code]
    .filter(Boolean)
    .join(' ');
  const phone = party.phone ? `TEL: ${party.phone}` : '';
  return wrapBlText([party.party_name, party.street, cityLine, phone].filter(Boolean).join('\n')).join('\n');
}

/* ---------- the parties together ---------- */

/**
 * Whether a consignee is made out "to order" (TO ORDER, TO ORDER OF …, TO THE ORDER OF …), by its
 * name or the first line of its B/L text: the goods go to whoever holds the endorsed B/L, so nobody
 * at destination is named to tell of the arrival but a notify party.
 */
export function isToOrder(party: { party_name: string; bl_text?: string } | null): boolean {
  if (!party) return false;
  const reads = (text: string) =>
    /^TO (THE )?ORDER(\s+OF\s+\S.*)?$/.test(text.trim().toUpperCase().replace(/\s+/g, ' '));
  return reads(party.party_name) || reads(blTextLines(party.bl_text ?? '')[0] ?? '');
}

/**
 * Shipper and consignee (either may be left for the shipping instructions, as DCSA allows),
 * `consignee_is_notify` (DCSA's `isNotifyParty`: the explicit "notify: same as consignee", never
 * what an empty notify party means), and up to NOTIFY_PARTIES_MAX notify parties in order.
 */
export const documentPartiesFields = {
  shipper: documentPartyInput.nullable().default(null),
  consignee: documentPartyInput.nullable().default(null),
  consignee_is_notify: z.boolean().default(false),
  notify_parties: z.array(documentPartyInput).max(NOTIFY_PARTIES_MAX).default([]),
};

export type DocumentParties = {
  shipper: DocumentParty | null;
  consignee: DocumentParty | null;
  consignee_is_notify: boolean;
  notify_parties: readonly DocumentParty[];
};

/**
 * The parties' rules: each party complete (partyProblems, on submit), a consignee "to order" with a
 * notify party (on submit) and not itself the notify party (it names nobody to notify), and "same
 * as consignee" only with a consignee to be the same as.
 */
export function partiesProblems(parties: DocumentParties, options: RuleOptions = {}): RuleProblem[] {
  const at = options.at ?? [];
  const submit = options.submit ?? true;
  const problems: RuleProblem[] = [];
  const check = (party: DocumentParty | null, path: (string | number)[]) => {
    if (party) problems.push(...partyProblems(party, { at: [...at, ...path], submit }));
  };
  check(parties.shipper, ['shipper']);
  check(parties.consignee, ['consignee']);
  parties.notify_parties.forEach((party, index) => check(party, ['notify_parties', index]));
  const toOrder = isToOrder(parties.consignee);
  if (toOrder && submit && parties.notify_parties.length === 0)
    problems.push(problemAt(at, 'notify_parties', 'bookingTerms.toOrderNeedsNotify'));
  if (toOrder && parties.consignee_is_notify)
    problems.push(problemAt(at, 'consignee_is_notify', 'bookingTerms.toOrderNotNotify'));
  if (parties.consignee_is_notify && parties.consignee === null && submit)
    problems.push(problemAt(at, 'consignee', 'bookingTerms.notifyIsConsigneeNeedsConsignee'));
  return problems;
}

/** The parties with their rules as on submit, as a schema of their own. */
export const documentPartiesInput = z
  .strictObject(documentPartiesFields)
  .superRefine((parties, ctx) => addProblems(ctx, partiesProblems(parties)));

/* ---------- the booking party's own contact ---------- */

/**
 * Whom the forwarder calls about the booking (DCSA's `partyContactDetails` of the booking party):
 * a person with a phone or an e-mail; any script, since it goes on no document.
 */
export const bookingContactInput = z.strictObject({
  name: z.string().trim().max(PARTY_LIMITS.contactName).default(''),
  phone: phoneText(PARTY_LIMITS.phone).default(''),
  email: emailText(PARTY_LIMITS.email).default(''),
});
export type BookingContact = z.output<typeof bookingContactInput>;

/** The booking contact's rule: a name, and a phone or an e-mail to reach it by (when one is given). */
export function bookingContactProblems(
  contact: BookingContact | null,
  options: RuleOptions = {},
): RuleProblem[] {
  const at = [...(options.at ?? []), 'booking_contact'];
  if (contact === null || options.submit === false) return [];
  if (contact.name === '' && contact.phone === '' && contact.email === '') return [];
  if (contact.name === '') return [problemAt(at, 'name', 'validation.required')];
  if (contact.phone === '' && contact.email === '')
    return [problemAt(at, 'phone', 'bookingTerms.contactNeedsPhoneOrEmail')];
  return [];
}

/* ---------- as the replies give them ---------- */

/** A party kept on a booking, as a reply gives it (documentPartyInput's output). */
export const documentPartyView = z.object({
  party_name: z.string(),
  street: z.string(),
  city: z.string(),
  post_code: z.string(),
  state_region: z.string(),
  country_code: z.string(),
  contact_name: z.string(),
  phone: z.string(),
  email: z.string(),
  bl_text: z.string(),
});

/** The booking's parties in a reply: null where not given (a party left for the SI). */
export const bookingPartiesView = {
  shipper_party: documentPartyView.nullable(),
  consignee_party: documentPartyView.nullable(),
  consignee_is_notify: z.boolean(),
  notify_parties: z.array(documentPartyView),
  booking_contact: z.object({ name: z.string(), phone: z.string(), email: z.string() }).nullable(),
};
