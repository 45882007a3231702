import type { NotificationRow, SignOutReason } from '@freight/contract';

/*
 * What travels on the live bus between instances (platform/live-bus.ts), as JSON. Each message
 * names the person (and their company, checked again by the receiving instance) it is for.
 */
export type LiveMessage =
  | {
      type: 'notification';
      items: { personId: number; companyId: number; unread: number; row: NotificationRow }[];
    }
  | { type: 'read'; personId: number; companyId: number; unread: number; ids: number[] | null }
  /** the person marked some of theirs unread again */
  | { type: 'unread'; personId: number; companyId: number; unread: number; ids: number[] }
  /**
   * these sessions were revoked (logout, password change, role change, removal): close their
   * streams, telling them `reason` first when someone else ended them
   */
  | { type: 'sessions-ended'; sessions: number[]; reason?: SignOutReason };
