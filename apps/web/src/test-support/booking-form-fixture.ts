import dayjs from 'dayjs';
import { newFormValues, type BookingFormValues } from '../features/bookings/booking-form-values';

/** A new FCL booking with everything a submit needs but its parties and terms. */
export const completeBooking = (): BookingFormValues => ({
  ...newFormValues('fcl'),
  forwarder_id: 7,
  ready_date: dayjs().add(3, 'day'),
  incoterm: 'FOB',
  pol_id: 10,
  pod_id: 11,
  to_id: 12,
  containers: [
    {
      container_id: 1,
      container_no: '',
      seal_no: '',
      hs_code: '851310',
      description: 'LED LAMPS',
      packages: 100,
      unit_id: 1,
      weight: 1200,
      volume: 20,
      quantity: 1,
    },
  ],
});
