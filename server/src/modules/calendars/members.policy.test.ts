import { type CalendarMemberAbilities, type CalendarRole, rolePermissions } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { type CalendarAccess, permissionsFor } from './calendars.access.ts';
import { type MemberAccess, memberPolicy } from './members.policy.ts';

type CalendarRow = CalendarAccess['calendar'];
type MemberRow = NonNullable<CalendarAccess['member']>;

const calendar = {
  isPersonal: false,
  ownershipOfferMemberId: null,
  defaultPermissions: { canView: true, canAdd: false, canEdit: false, canShare: true },
} as CalendarRow;

function row(role: CalendarRole, userId: string, extra: Partial<MemberRow> = {}): MemberRow {
  return { userId, isConfirmed: true, role, permissions: rolePermissions[role], ...extra } as MemberRow;
}

/** The viewer, in a role, looking at a person of the same calendar. */
function sees(
  viewerRole: CalendarRole | 'sharer',
  target: MemberRow,
  on: CalendarRow = calendar,
): MemberAccess {
  const viewer =
    viewerRole === 'sharer'
      ? row('member', 'viewer', { permissions: { ...rolePermissions.member, canShare: true } })
      : row(viewerRole, 'viewer');
  return {
    calendar: { calendar: on, member: viewer, permissions: permissionsFor(on, viewer) },
    member: target,
    viewerId: 'viewer',
  };
}

const targets = {
  owner: row('owner', 't-owner'),
  admin: row('admin', 't-admin'),
  manager: row('manager', 't-manager'),
  assistant: row('assistant', 't-assistant'),
  member: row('member', 't-member'),
  sentByViewer: row('member', null as unknown as string, { isConfirmed: false, invitedById: 'viewer' }),
  sentByOther: row('member', 't-invitee', { isConfirmed: false, invitedById: 'someone' }),
};
type Target = keyof typeof targets;

const o = true;
const _ = false;
/** changeRole, remove, offerOwnership, per target: 'cro' letters, '-' for no. */
const cell = (flags: string): CalendarMemberAbilities => ({
  changeRole: flags[0] === 'c',
  remove: flags[1] === 'r',
  offerOwnership: flags[2] === 'o',
});

// biome-ignore format: a table reads best aligned
const table: Record<CalendarRole | 'sharer', Record<Target, string>> = {
  owner:     { owner: '---', admin: 'cro', manager: 'cro', assistant: 'cro', member: 'cro', sentByViewer: 'cr-', sentByOther: 'cr-' },
  admin:     { owner: '---', admin: '---', manager: 'cr-', assistant: 'cr-', member: 'cr-', sentByViewer: 'cr-', sentByOther: 'cr-' },
  manager:   { owner: '---', admin: '---', manager: '---', assistant: '---', member: '---', sentByViewer: '---', sentByOther: '---' },
  assistant: { owner: '---', admin: '---', manager: '---', assistant: '---', member: '---', sentByViewer: '---', sentByOther: '---' },
  member:    { owner: '---', admin: '---', manager: '---', assistant: '---', member: '---', sentByViewer: '---', sentByOther: '---' },
  sharer:    { owner: '---', admin: '---', manager: '---', assistant: '---', member: '---', sentByViewer: '-r-', sentByOther: '---' },
};

describe('member policy: the role ladder', () => {
  it.each(Object.entries(table))('%s', (viewer, expected) => {
    const seen = Object.fromEntries(
      Object.entries(targets).map(([name, target]) => [
        name,
        memberPolicy.abilities(sees(viewer as CalendarRole | 'sharer', target)),
      ]),
    );
    expect(seen).toEqual(
      Object.fromEntries(Object.entries(expected).map(([name, flags]) => [name, cell(flags)])),
    );
  });

  it('gives only roles below the viewer’s own: an admin never makes an admin, the owner does', () => {
    const make = (viewer: CalendarRole, newRole: 'admin' | 'manager') =>
      memberPolicy.check({ ...sees(viewer, targets.member), newRole }, 'changeRole');
    expect(make('admin', 'admin')).toEqual({ message: 'Only the owner makes admins', field: 'role' });
    expect(make('admin', 'manager')).toBeNull();
    expect(make('owner', 'admin')).toBeNull();
  });

  it('lets everyone but the owner leave, and nobody change their own role', () => {
    for (const role of ['admin', 'manager', 'assistant', 'member'] as const) {
      const self = { ...sees(role, row(role, 'viewer')) };
      expect(memberPolicy.abilities(self)).toEqual({ changeRole: _, remove: o, offerOwnership: _ });
    }
    expect(memberPolicy.abilities(sees('owner', row('owner', 'viewer')))).toEqual(cell('---'));
  });

  it('never hands over a personal calendar', () => {
    const personal = { ...calendar, isPersonal: true } as CalendarRow;
    expect(memberPolicy.check(sees('owner', targets.member, personal), 'offerOwnership')?.message).toBe(
      'A personal calendar cannot be handed over',
    );
  });
});
