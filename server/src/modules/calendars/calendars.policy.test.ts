import { type CalendarRole, rolePermissions } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/errors.ts';
import { type CalendarAccess, permissionsFor } from './calendars.access.ts';
import { type CalendarAbility, calendarPolicy } from './calendars.policy.ts';
import { type MemberAccess, memberPolicy } from './members.policy.ts';

type CalendarRow = CalendarAccess['calendar'];
type MemberRow = NonNullable<CalendarAccess['member']>;

const calendar = {
  isPersonal: false,
  defaultPermissions: { canView: true, canAdd: false, canEdit: false, canShare: true },
} as CalendarRow;

function member(role: CalendarRole, isConfirmed = true, userId = `${role}-id`): MemberRow {
  return { userId, isConfirmed, permissions: rolePermissions[role] } as MemberRow;
}

function access(row: MemberRow | null, on: CalendarRow = calendar): CalendarAccess {
  return { calendar: on, member: row, permissions: permissionsFor(on, row) };
}

const viewers = {
  owner: access(member('owner')),
  admin: access(member('admin')),
  manager: access(member('manager')),
  assistant: access(member('assistant')),
  member: access(member('member')),
  invitee: access(member('admin', false)),
  stranger: access(null),
  personalOwner: access(member('owner'), { ...calendar, isPersonal: true }),
  shareOnly: access({
    userId: 'sharer-id',
    isConfirmed: true,
    permissions: { canView: true, canAdd: false, canEdit: false, canShare: true, isOwner: false },
  } as MemberRow),
};

const o = true;
const _ = false;
// biome-ignore format: a table reads best aligned
const table: Record<keyof typeof viewers, Record<CalendarAbility, boolean>> = {
  owner:         { addEvent: o, edit: o, changeTitle: o, changeVisibility: o, delete: o, share: o, seeInvitedAddresses: o, seeMembers: o, changeOwnSettings: o, grantAdd: o, grantEdit: o, grantShare: o },
  admin:         { addEvent: o, edit: o, changeTitle: _, changeVisibility: _, delete: _, share: o, seeInvitedAddresses: o, seeMembers: o, changeOwnSettings: o, grantAdd: o, grantEdit: o, grantShare: o },
  manager:       { addEvent: o, edit: o, changeTitle: _, changeVisibility: _, delete: _, share: _, seeInvitedAddresses: _, seeMembers: o, changeOwnSettings: o, grantAdd: _, grantEdit: _, grantShare: _ },
  assistant:     { addEvent: o, edit: _, changeTitle: _, changeVisibility: _, delete: _, share: _, seeInvitedAddresses: _, seeMembers: o, changeOwnSettings: o, grantAdd: _, grantEdit: _, grantShare: _ },
  member:        { addEvent: _, edit: _, changeTitle: _, changeVisibility: _, delete: _, share: _, seeInvitedAddresses: _, seeMembers: o, changeOwnSettings: o, grantAdd: _, grantEdit: _, grantShare: _ },
  invitee:       { addEvent: _, edit: _, changeTitle: _, changeVisibility: _, delete: _, share: _, seeInvitedAddresses: _, seeMembers: _, changeOwnSettings: _, grantAdd: _, grantEdit: _, grantShare: _ },
  stranger:      { addEvent: _, edit: _, changeTitle: _, changeVisibility: _, delete: _, share: _, seeInvitedAddresses: _, seeMembers: _, changeOwnSettings: _, grantAdd: _, grantEdit: _, grantShare: _ },
  personalOwner: { addEvent: o, edit: o, changeTitle: o, changeVisibility: o, delete: _, share: o, seeInvitedAddresses: o, seeMembers: o, changeOwnSettings: o, grantAdd: o, grantEdit: o, grantShare: o },
  shareOnly:     { addEvent: _, edit: _, changeTitle: _, changeVisibility: _, delete: _, share: o, seeInvitedAddresses: o, seeMembers: o, changeOwnSettings: o, grantAdd: _, grantEdit: _, grantShare: o },
};

function denial(run: () => void) {
  try {
    run();
  } catch (error) {
    if (error instanceof ApiError) return [error.statusCode, error.code, error.message, error.field];
    throw error;
  }
  return null;
}

describe('calendar policy', () => {
  it.each(Object.entries(table))('%s', (viewer, expected) => {
    expect(calendarPolicy.abilities(viewers[viewer as keyof typeof viewers])).toEqual(expected);
  });

  it('denies with the 403 each check always answered', () => {
    expect(denial(() => calendarPolicy.authorize(viewers.member, 'edit'))).toEqual([
      403,
      'FORBIDDEN',
      'You need canEdit on this calendar',
      undefined,
    ]);
    expect(denial(() => calendarPolicy.authorize(viewers.admin, 'changeVisibility'))).toEqual([
      403,
      'FORBIDDEN',
      'Only the owner changes the title and visibility',
      'visibility',
    ]);
    expect(denial(() => calendarPolicy.authorize(viewers.personalOwner, 'delete'))?.[2]).toBe(
      'A personal calendar cannot be deleted',
    );
    expect(denial(() => calendarPolicy.authorize(viewers.owner, 'delete'))).toBeNull();
  });
});

describe('member policy', () => {
  const target = (viewer: keyof typeof viewers, role: CalendarRole, self = false): MemberAccess => ({
    calendar: viewers[viewer],
    member: member(role),
    viewerId: self ? `${role}-id` : 'someone-else',
  });

  it.each([
    ['admin removes a member', target('admin', 'member'), null],
    ['a manager removes no one', target('manager', 'member'), 'You need canShare on this calendar'],
    ['a member leaves', target('member', 'member', true), null],
    ['no one removes the owner', target('admin', 'owner'), 'The owner cannot be removed'],
    ['the owner does not leave', target('owner', 'owner', true), 'The owner cannot be removed'],
  ])('%s', (_name, access, message) => {
    expect(denial(() => memberPolicy.authorize(access, 'removeMember'))?.[2] ?? null).toBe(message);
  });
});
