import {
  bookingContactProblems,
  type BookingForm,
  type Contact,
  contactAsParty,
  type DocumentParty,
  documentPartyInput,
  partiesProblems,
  type RuleProblem,
} from '@freight/contract';
import { eq } from 'drizzle-orm';
import { type z } from 'zod';
import { countries } from '../../db/schema.js';
import type { Db } from '../../platform/db.js';
import { type FieldIssue, ruleIssues } from '../../platform/errors.js';
import type { BookingRecord, BookingValues } from './repo.js';

/*
 * The booking's parties as documents print them: a party typed on the booking is kept as typed; a
 * party chosen from the contact book is read from the contact when the booking is saved, so that a
 * later edit of the contact changes no booking made, and the booking never writes into the book.
 */

type PartyColumns = Pick<
  BookingValues,
  'shipperParty' | 'consigneeParty' | 'consigneeIsNotify' | 'notifyParties' | 'bookingContact'
>;
type PartiesForm = Pick<
  BookingForm,
  'shipper_party' | 'consignee_party' | 'consignee_is_notify' | 'notify_parties' | 'booking_contact'
>;

async function countryCodeOf(db: Db, id: number): Promise<string> {
  const [row] = await db
    .select({ code: countries.code })
    .from(countries)
    .where(eq(countries.id, id))
    .limit(1);
  return row?.code ?? '';
}

/**
 * A contact as a document party (the contract's contactAsParty, with the ISO code of its country).
 * A contact written before the book took DCSA's lengths may not fit a B/L (contactTooLong: a name
 * longer than the party's, say): that is said of the field the contact was chosen in, so that the
 * member shortens the contact or types the party instead.
 */
export async function contactParty(
  db: Db,
  contact: Contact,
  field: 'shipper_id' | 'consignee_id',
): Promise<DocumentParty | FieldIssue> {
  const parsed = documentPartyInput.safeParse(
    contactAsParty(contact, await countryCodeOf(db, contact.country_id)),
  );
  return parsed.success ? parsed.data : { field, key: 'bookingTerms.contactTooLongForDocuments' };
}

/** The parties' rules on the resolved parties (partiesProblems, bookingContactProblems) as issues. */
export function partyIssues(parties: PartyColumns, submit: boolean): z.core.$ZodIssue[] {
  const problems: RuleProblem[] = [
    ...partiesProblems(
      {
        shipper: parties.shipperParty ?? null,
        consignee: parties.consigneeParty ?? null,
        consignee_is_notify: parties.consigneeIsNotify ?? false,
        notify_parties: parties.notifyParties ?? [],
      },
      { submit },
    ),
    ...bookingContactProblems(parties.bookingContact ?? null, { submit }),
  ];
  // The rules name the parties shipper and consignee; the booking's fields are shipper_party and
  // consignee_party.
  return ruleIssues(problems, (first) =>
    first === 'shipper' || first === 'consignee' ? `${first}_party` : first,
  );
}

/** The stored parties by their API names. */
export function partiesForm(row: Pick<BookingRecord, keyof PartyColumns>): PartiesForm {
  return {
    shipper_party: row.shipperParty,
    consignee_party: row.consigneeParty,
    consignee_is_notify: row.consigneeIsNotify,
    notify_parties: row.notifyParties,
    booking_contact: row.bookingContact,
  };
}

/** The parties as the stored booking's form reads them back (for missingFields). */
export const partiesColumns = (row: BookingRecord): PartyColumns => ({
  shipperParty: row.shipperParty,
  consigneeParty: row.consigneeParty,
  consigneeIsNotify: row.consigneeIsNotify,
  notifyParties: row.notifyParties,
  bookingContact: row.bookingContact,
});
