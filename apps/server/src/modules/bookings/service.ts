/*
 * The booking services, by what they do: reading.ts (list, detail, form, liaison, SI data, export),
 * booking-values.ts (a booking form checked against the database), drafts.ts (the member's drafts),
 * transitions.ts (status changes of either side) and instructions.ts (the member's SI). Routes,
 * the demo seed and the bench import them from here.
 */
export { changeBooking, copyBooking, createBooking, deleteBooking, submitBooking } from './drafts.js';
export { submitShipment } from './instructions.js';
export {
  exportBookings,
  getBookingDetail,
  getBookingForm,
  getDocking,
  getShipment,
  listBookings,
} from './reading.js';
export {
  acceptBooking,
  cancelBooking,
  cancelBookings,
  confirmShipment,
  markShipped,
  releaseSpace,
  voidBooking,
} from './transitions.js';
