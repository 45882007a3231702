import '../../test-support/setup';
import type { TeamMember, TeamReply } from '@freight/contract';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithApp } from '../../test-support/render';
import { TeamPage } from './team-page';
import { queryKeys } from '../../api/query-keys';

const member = (id: number, name: string, role: TeamMember['role'], actions: TeamMember['actions']) => ({
  id,
  name,
  email: `${name.toLowerCase()}@example.com`,
  role,
  last_sign_in_at: null,
  created_at: '2026-11-27T08:00:00.000Z',
  is_me: false,
  actions,
});

/** What the reply offers, row by row; the page shows exactly that, whatever the roles say. */
const team: TeamReply = {
  members: [
    member(1, 'ALL', 'owner', ['role', 'remove', 'transfer']),
    member(2, 'ROLEONLY', 'admin', ['role']),
    member(3, 'TRANSFERONLY', 'viewer', ['transfer']),
    member(4, 'NOTHING', 'operator', []),
  ],
  invitations: [
    {
      id: 9,
      email: 'resend@example.com',
      role: 'viewer',
      invited_by: 'SOMEONE',
      created_at: '2026-11-27T08:00:00.000Z',
      expires_at: '2099-11-27T08:00:00.000Z',
      expired: false,
      actions: ['revoke'],
    },
  ],
  assignable: ['admin', 'operator', 'viewer'],
};

describe('the team page', () => {
  it('shows each person’s buttons exactly as their row’s actions say', async () => {
    await renderWithApp(<TeamPage />, { locale: 'en-US', data: [[queryKeys.team.all, team]] });
    // One pass over the rows (role queries with names are slow on jsdom): each row's controls by label.
    const rows = screen.getAllByRole('row');
    const row = (text: string) => {
      const found = rows.find((r) => r.textContent?.includes(text));
      if (!found) throw new Error(`no row for ${text}`);
      return found;
    };
    const labels = (text: string) =>
      [...within(row(text)).queryAllByRole('button'), ...within(row(text)).queryAllByRole('combobox')].map(
        (control) => control.getAttribute('aria-label'),
      );
    for (const person of team.members) {
      const shown = labels(person.name);
      expect(
        {
          role: shown.includes(`Role of ${person.name}`),
          remove: shown.includes(`Remove ${person.name}`),
          transfer: shown.includes(`Make owner ${person.name}`),
        },
        person.name,
      ).toEqual({
        role: person.actions.includes('role'),
        remove: person.actions.includes('remove'),
        transfer: person.actions.includes('transfer'),
      });
    }
    expect(labels('resend@example.com')).toEqual(['Revoke resend@example.com']);
  });
});
