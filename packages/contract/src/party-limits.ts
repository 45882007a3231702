/*
 * DCSA's lengths for a party, in a file of their own: the booking's party snapshot
 * (booking-parties.ts) and the contact book (contacts.ts), whose contacts become such parties, both
 * hold their fields to them, and the two files cannot import each other (booking-parties.ts reaches
 * contacts.ts through trade-codes.ts).
 */

/** DCSA's lengths for a party: `partyName`, the address's parts, and the contact's. */
export const PARTY_LIMITS = {
  name: 70,
  street: 70,
  city: 35,
  postCode: 10,
  stateRegion: 65,
  contactName: 35,
  phone: 30,
  email: 100,
} as const;
