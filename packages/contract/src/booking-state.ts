import type { MessageKey } from './i18n/types.js';

/*
 * A booking's life: its status numbers, the spec's named states, the
 * parties and the actions that move a booking from status to status. The endpoints are listed in
 * booking.ts.
 */

/** Status numbers. */
export const BOOKING_STATUS = {
  /** a draft: only its owner sees it, may edit, submit or delete it */
  draft: 0,
  /** submitted to the forwarder, awaiting space release (accepted or not: see accepted_at); locked */
  submitted: 1,
  /** space released (SO, vessel, voyage, ETD/ETA, cut-offs); awaiting the member's shipping instructions */
  released: 2,
  /** shipping instructions received; awaiting shipment */
  instructed: 3,
  /** shipped, with a B/L number */
  shipped: 5,
  /** cancelled by the member or voided by the forwarder */
  cancelled: 40,
} as const;

/**
 * Booking statuses with the list filter's colours (Ant Design tag colours). The label
 * keys point into the shared catalog (bookingStatus.s<number>).
 */
export const BOOKING_STATUSES = [
  { value: 0, key: 'bookingStatus.s0', color: 'default' },
  { value: 1, key: 'bookingStatus.s1', color: 'blue' },
  { value: 2, key: 'bookingStatus.s2', color: 'orange' },
  { value: 3, key: 'bookingStatus.s3', color: 'green' },
  { value: 5, key: 'bookingStatus.s5', color: 'blue' },
  { value: 40, key: 'bookingStatus.s40', color: 'default' },
] as const;
export type BookingStatus = (typeof BOOKING_STATUSES)[number]['value'];
export const BOOKING_STATUS_VALUES = BOOKING_STATUSES.map((s) => s.value) as BookingStatus[];

/** The catalog key of a status label. */
export function bookingStatusKey(status: number): MessageKey {
  return (BOOKING_STATUSES.find((s) => s.value === status)?.key ?? 'bookingStatus.s0') as MessageKey;
}
/** The tag colour of a status. */
export function bookingStatusColor(status: number): string {
  return BOOKING_STATUSES.find((s) => s.value === status)?.color ?? 'default';
}

/**
 * The spec's named states, mapped onto the numbers:
 * - pending: 0 (a draft) and 1 until the forwarder accepts it;
 * - confirmed: 1 once accepted, 2 and 3 (space released; SI received — the booking is confirmed
 *   and in progress, nothing has sailed yet);
 * - completed: 5 only (shipped with a B/L: what a user means by "done"; 3 is still awaiting shipment);
 * - cancelled: 40 cancelled by the member; voided: 40 voided by the forwarder (the booking's
 *   `cancelled_by` and its history record which).
 */
export const BOOKING_STATES = ['pending', 'confirmed', 'completed', 'cancelled', 'voided'] as const;
export type BookingState = (typeof BOOKING_STATES)[number];
export function bookingState(
  status: number,
  cancelledBy?: BookingParty | null,
  isAccepted = status !== BOOKING_STATUS.submitted,
): BookingState {
  if (status === BOOKING_STATUS.draft || (status === BOOKING_STATUS.submitted && !isAccepted))
    return 'pending';
  if (status === BOOKING_STATUS.shipped) return 'completed';
  if (status === BOOKING_STATUS.cancelled) return cancelledBy === 'forwarder' ? 'voided' : 'cancelled';
  return 'confirmed';
}

/** Who acted: the booking's member or the forwarder it is addressed to. */
export const BOOKING_PARTIES = ['member', 'forwarder'] as const;
export type BookingParty = (typeof BOOKING_PARTIES)[number];

/**
 * Every action that creates a booking or changes its status: who may do it, from which statuses,
 * and the status it leads to. The server refuses anything else with 409 booking.wrongStatus.
 * `confirm_si` is the forwarder's way to move 2 → 3 when the shipping instructions arrived outside
 * the portal (by e-mail, or as an uploaded document); the member's own SI (PUT /order/shipment)
 * moves 2 → 3 by itself.
 */
const S = BOOKING_STATUS;
export const BOOKING_ACTIONS = {
  create: { by: 'member', from: [], to: S.draft },
  copy: { by: 'member', from: [], to: S.draft },
  edit: { by: 'member', from: [S.draft], to: S.draft },
  delete: { by: 'member', from: [S.draft], to: S.draft },
  submit: { by: 'member', from: [S.draft], to: S.submitted },
  /** once: the booking stays at 1 and gets accepted_at (see isActionOpen) */
  accept: { by: 'forwarder', from: [S.submitted], to: S.submitted },
  release: { by: 'forwarder', from: [S.submitted], to: S.released },
  submit_si: { by: 'member', from: [S.released], to: S.instructed },
  confirm_si: { by: 'forwarder', from: [S.released], to: S.instructed },
  ship: { by: 'forwarder', from: [S.instructed], to: S.shipped },
  cancel: { by: 'member', from: [S.submitted, S.released, S.instructed], to: S.cancelled },
  void: { by: 'forwarder', from: [S.submitted, S.released, S.instructed], to: S.cancelled },
} as const satisfies Record<string, { by: BookingParty; from: readonly number[]; to: BookingStatus }>;
export type BookingAction = keyof typeof BOOKING_ACTIONS;
export const BOOKING_ACTION_NAMES = Object.keys(BOOKING_ACTIONS) as BookingAction[];

/** Whether `action` is allowed on a booking in `status` (ignoring who asks). */
export function canBooking(action: BookingAction, status: number): boolean {
  return (BOOKING_ACTIONS[action].from as readonly number[]).includes(status);
}

/** Whether `action` is open on a booking, its acceptance counted (accept is taken once). */
export function isActionOpen(action: BookingAction, status: number, isAccepted: boolean): boolean {
  return canBooking(action, status) && !(action === 'accept' && isAccepted);
}

/** The actions `party` may take on a booking in `status` (what buttons to show). */
export function bookingActionsFor(party: BookingParty, status: number, isAccepted = false): BookingAction[] {
  return BOOKING_ACTION_NAMES.filter(
    (action) =>
      BOOKING_ACTIONS[action].by === party && isActionOpen(action, status, isAccepted) && action !== 'copy',
  );
}
