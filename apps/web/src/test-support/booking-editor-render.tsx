import { abilitiesOf, CONFIG_DEFAULTS, type Locale, MEMBER_AUTHORITIES, siteConfig } from '@freight/contract';
import { screen, within } from '@testing-library/react';
import type userEvent from '@testing-library/user-event';
import { session } from '../api/client';
import { queryKeys } from '../api/query-keys';
import { BookingEditor } from '../features/bookings/booking-editor';
import { newFormValues, type BookingFormValues } from '../features/bookings/booking-form-values';
import { renderWithApp } from './render';

/*
 * The FCL booking editor for component tests, its lists answered from the cache. The test file
 * mocks ./bookings-api itself (vi.mock is hoisted per file) and reads what the editor sends.
 */

export type User = ReturnType<typeof userEvent.setup>;

/** The container types of the reference list, by the portal's code. */
const CONTAINERS = [{ id: 1, name: '20GP', code: '20GP' }];

/**
 * The editor of a new booking of `mode` (or of `initialValues`), with `data` added to the cache
 * (after the lists above, so that an entry of it replaces theirs).
 */
export async function openEditor(
  locale: Locale,
  initialValues?: BookingFormValues,
  data: [readonly unknown[], unknown][] = [],
  mode: 'fcl' | 'lcl' = 'fcl',
) {
  const token = 'editor-render';
  session.signIn(token);
  const none = { lists: [], total: 0 };
  const authorities = [...MEMBER_AUTHORITIES];
  return renderWithApp(
    <BookingEditor kind="create" mode={mode} initialValues={initialValues ?? newFormValues(mode)} />,
    {
      locale,
      data: [
        [queryKeys.siteConfig, siteConfig.parse(CONFIG_DEFAULTS)],
        [queryKeys.userInfo.of(token), { authorities, abilities: abilitiesOf('operator', authorities) }],
        [queryKeys.dictionary('incoterm', locale), none],
        [queryKeys.contacts.pick('', 'shipper'), none],
        [queryKeys.contacts.pick('', 'consignee'), none],
        [queryKeys.shippers.pick(''), none],
        [queryKeys.reference.list('port', 1000, {}, locale), none],
        [queryKeys.reference.list('carrier', 1000, {}, locale), none],
        [queryKeys.reference.list('container', 1000, {}, locale), { lists: CONTAINERS, total: 1 }],
        [queryKeys.reference.list('unit', 1000, { type: 3 }, locale), none],
        ...data,
      ],
    },
  );
}

/** Chooses `option` in the select named `name` (within `scope`), typing `search` first if given. */
export async function choose(
  user: User,
  name: string,
  option: string,
  { scope = document.body, search }: { scope?: HTMLElement; search?: string } = {},
) {
  const box = within(scope).getByRole('combobox', { name });
  await user.click(box);
  if (search) await user.type(box, search);
  await user.click(await screen.findByTitle(option));
}

/** Presses the page's submit button (`submit`), then the confirmation's. */
export async function submitAndConfirm(user: User, submit: string) {
  await user.click(screen.getByRole('button', { name: submit }));
  const dialog = await screen.findByRole('dialog');
  await user.click(within(dialog).getByRole('button', { name: submit }));
}
