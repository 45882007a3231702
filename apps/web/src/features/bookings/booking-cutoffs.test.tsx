import '../../test-support/setup';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { bookingDetail } from '../../test-support/booking-fixture';
import { showDetail } from '../../test-support/booking-detail-render';
import { renderWithApp } from '../../test-support/render';
import type * as BookingsApi from './bookings-api';
import { ReleaseModal } from './forwarder-modals';

/*
 * Cut-offs are the port of loading's clock: the pages show them as that port reads them, with the
 * offset, and the release dialog's pickers read and write that clock and name it.
 */

const released = vi.hoisted(() => ({ calls: [] as unknown[] }));
vi.mock('./bookings-api', async (original) => ({
  ...(await original<typeof BookingsApi>()),
  forwarderAction: async (...args: unknown[]) => {
    released.calls.push(args);
    return {};
  },
}));

const rotterdam = bookingDetail({
  status: 2,
  actions: [],
  pol_name: 'Rotterdam',
  schedule: {
    ...bookingDetail().schedule,
    so_no: 'SO880001',
    etd: '2027-03-29',
    si_cutoff: '2027-03-27T12:00:00+01:00',
    cy_cutoff: '2027-03-28T17:00:00+02:00',
    time_zone: 'Europe/Amsterdam',
  },
});

/** The text shown beside a label of the schedule. */
const valueOf = (label: string) =>
  screen
    .getAllByText(label, { selector: '.ant-descriptions-item-label' })
    .map((item) => item.closest('.ant-descriptions-item-container')?.textContent?.replace(label, ''));

describe('cut-offs on the booking detail', () => {
  it.each([
    {
      locale: 'en-US' as const,
      si: 'SI cut-off',
      cy: 'CY cut-off',
      at: ['03/27/2027 12:00', '03/28/2027 17:00'],
    },
    {
      locale: 'zh-CN' as const,
      si: '截补料时间',
      cy: '截港时间',
      at: ['2027-03-27 12:00', '2027-03-28 17:00'],
    },
  ])('shows each at the port of loading with its offset ($locale)', async ({ locale, si, cy, at }) => {
    for (const party of ['member', 'forwarder'] as const) {
      const page = await showDetail(party, rotterdam, locale);
      // The member also reads the SI cut-off on the liaison card.
      expect(valueOf(si)).toEqual(
        Array.from({ length: party === 'member' ? 2 : 1 }, () => `${at[0]} (UTC+01:00)`),
      );
      expect(valueOf(cy)).toEqual([`${at[1]} (UTC+02:00)`]);
      page.unmount();
    }
  });
});

describe('the release dialog', () => {
  const open = (locale: 'en-US' | 'zh-CN') =>
    renderWithApp(
      <ReleaseModal
        id={7}
        orderNo="BK261203000007"
        port={locale === 'en-US' ? 'Rotterdam' : '鹿特丹'}
        timeZone="Europe/Amsterdam"
        onClose={() => undefined}
        onDone={() => undefined}
      />,
      { locale },
    );

  it("names the port's clock with the offset of the day picked, and sends the time as picked", async () => {
    const user = userEvent.setup();
    await open('en-US');
    const dialog = await screen.findByRole('dialog');
    const field = (name: string) => within(dialog).getByRole('textbox', { name });
    for (const [name, value] of [
      ['SO no.', 'so880001'],
      ['Vessel', 'maersk essen'],
      ['Voyage', '702e'],
    ] as const) {
      await user.click(field(name));
      await user.paste(value);
    }
    for (const [name, value] of [
      ['ETD', '03/29/2027'],
      ['ETA', '04/30/2027'],
      ['SI cut-off', '03/27/2027 12:00'],
      ['CY cut-off', '03/28/2027 17:00'],
    ] as const) {
      await user.click(field(name));
      await user.paste(value);
      await user.keyboard('{Enter}');
    }
    // Europe moves to summer time in the night of 27 to 28 March 2027.
    const extra = (name: string) =>
      field(name).closest('.ant-form-item')?.querySelector('.ant-form-item-extra')?.textContent;
    expect(extra('SI cut-off')).toBe('Rotterdam time (UTC+01:00)');
    expect(extra('CY cut-off')).toBe('Rotterdam time (UTC+02:00)');
    // An empty one is named at the ETD's offset.
    expect(extra('VGM cut-off')).toBe('Rotterdam time (UTC+02:00)');

    await user.click(within(dialog).getAllByRole('button', { name: 'Release space' }).at(-1) ?? dialog);
    await vi.waitFor(() => expect(released.calls).toHaveLength(1));
    expect(released.calls[0]).toEqual([
      7,
      {
        action: 'release',
        body: expect.objectContaining({
          etd: '2027-03-29',
          si_cutoff: '2027-03-27 12:00',
          cy_cutoff: '2027-03-28 17:00',
          customs_cutoff: null,
          vgm_cutoff: null,
        }) as unknown,
      },
    ]);
  }, 60_000);

  it('names the clock in Chinese', async () => {
    await open('zh-CN');
    const dialog = await screen.findByRole('dialog');
    const si = within(dialog).getByRole('textbox', { name: '截补料时间' });
    expect(si.closest('.ant-form-item')?.querySelector('.ant-form-item-extra')?.textContent).toMatch(
      /^鹿特丹当地时间（UTC\+0[12]:00）$/,
    );
  });
});
