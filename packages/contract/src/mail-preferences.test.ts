import { describe, expect, it } from 'vitest';
import {
  DEFAULT_MAIL_PREFERENCES,
  MAIL_EVENTS,
  mailPreferencesBody,
  mailPreferencesOf,
  RFQ_MAIL_EVENT,
  RFQ_MAIL_EVENTS,
} from './mail-preferences.js';
import { BOOKING_NOTIFICATIONS } from './notifications.js';

describe('mail preferences', () => {
  it('lets every booking notification and the answers to one’s RFQs, and nothing else, send an e-mail', () => {
    expect([...MAIL_EVENTS].sort()).toEqual(
      [...new Set(Object.values(BOOKING_NOTIFICATIONS)), ...RFQ_MAIL_EVENTS].sort(),
    );
    expect(Object.values(RFQ_MAIL_EVENT).sort()).toEqual([...RFQ_MAIL_EVENTS].sort());
  });
  it('defaults to what was mailed before: every event at once', () => {
    expect(Object.values(DEFAULT_MAIL_PREFERENCES)).toEqual(MAIL_EVENTS.map(() => 'immediate'));
    expect(
      mailPreferencesOf([
        { event: 'ship', mode: 'digest' },
        { event: 'nope', mode: 'off' },
      ]),
    ).toEqual({
      ...DEFAULT_MAIL_PREFERENCES,
      ship: 'digest',
    });
  });
  it('takes known events and modes only', () => {
    expect(mailPreferencesBody.safeParse({ ship: 'off' }).success).toBe(true);
    expect(mailPreferencesBody.safeParse({ ship: 'weekly' }).success).toBe(false);
    expect(mailPreferencesBody.safeParse({ reset: 'off' }).success).toBe(false);
  });
});
