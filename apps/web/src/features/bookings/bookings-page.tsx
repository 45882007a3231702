import { BookingListPage } from './booking-list-page';

/** My Bookings (role order): the member's own bookings. */
export function BookingsPage() {
  return <BookingListPage party="member" />;
}

/** Received bookings (role rate): the bookings addressed to the forwarder. */
export function ReceivedBookingsPage() {
  return <BookingListPage party="forwarder" />;
}
