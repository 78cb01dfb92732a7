import { type CalendarRole, rolePermissions } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import { ApiError } from '../../platform/errors.ts';
import { type CalendarAccess, permissionsFor } from './calendars.access.ts';
import { type CalendarAbility, calendarPolicy } from './calendars.policy.ts';

type CalendarRow = CalendarAccess['calendar'];
type MemberRow = NonNullable<CalendarAccess['member']>;

const calendar = {
  isPersonal: false,
  defaultPermissions: { canView: true, canAdd: false, canEdit: false, canShare: true },
} as CalendarRow;

function member(role: CalendarRole, isConfirmed = true, userId = `${role}-id`): MemberRow {
  return { userId, isConfirmed, role, permissions: rolePermissions[role] } as MemberRow;
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
  offeringOwner: access(member('owner'), { ...calendar, ownershipOfferMemberId: 'm1' }),
  shareOnly: access({
    userId: 'sharer-id',
    isConfirmed: true,
    role: 'member',
    permissions: { canView: true, canAdd: false, canEdit: false, canShare: true, isOwner: false },
  } as MemberRow),
};

const o = true;
const _ = false;
// biome-ignore format: a table reads best aligned
const table: Record<keyof typeof viewers, Record<CalendarAbility, boolean>> = {
  owner:         { addEvent: o, edit: o, changeTitle: o, changeVisibility: o, delete: o, share: o, seeInvitedAddresses: o, seeMembers: o, changeOwnSettings: o, grantAdd: o, grantEdit: o, grantShare: o, leave: _, cancelOwnershipOffer: _ },
  offeringOwner: { addEvent: o, edit: o, changeTitle: o, changeVisibility: o, delete: o, share: o, seeInvitedAddresses: o, seeMembers: o, changeOwnSettings: o, grantAdd: o, grantEdit: o, grantShare: o, leave: _, cancelOwnershipOffer: o },
  admin:         { addEvent: o, edit: o, changeTitle: _, changeVisibility: _, delete: _, share: o, seeInvitedAddresses: o, seeMembers: o, changeOwnSettings: o, grantAdd: o, grantEdit: o, grantShare: o, leave: o, cancelOwnershipOffer: _ },
  manager:       { addEvent: o, edit: o, changeTitle: _, changeVisibility: _, delete: _, share: _, seeInvitedAddresses: _, seeMembers: o, changeOwnSettings: o, grantAdd: _, grantEdit: _, grantShare: _, leave: o, cancelOwnershipOffer: _ },
  assistant:     { addEvent: o, edit: _, changeTitle: _, changeVisibility: _, delete: _, share: _, seeInvitedAddresses: _, seeMembers: o, changeOwnSettings: o, grantAdd: _, grantEdit: _, grantShare: _, leave: o, cancelOwnershipOffer: _ },
  member:        { addEvent: _, edit: _, changeTitle: _, changeVisibility: _, delete: _, share: _, seeInvitedAddresses: _, seeMembers: o, changeOwnSettings: o, grantAdd: _, grantEdit: _, grantShare: _, leave: o, cancelOwnershipOffer: _ },
  invitee:       { addEvent: _, edit: _, changeTitle: _, changeVisibility: _, delete: _, share: _, seeInvitedAddresses: _, seeMembers: _, changeOwnSettings: _, grantAdd: _, grantEdit: _, grantShare: _, leave: _, cancelOwnershipOffer: _ },
  stranger:      { addEvent: _, edit: _, changeTitle: _, changeVisibility: _, delete: _, share: _, seeInvitedAddresses: _, seeMembers: _, changeOwnSettings: _, grantAdd: _, grantEdit: _, grantShare: _, leave: _, cancelOwnershipOffer: _ },
  personalOwner: { addEvent: o, edit: o, changeTitle: o, changeVisibility: o, delete: _, share: o, seeInvitedAddresses: o, seeMembers: o, changeOwnSettings: o, grantAdd: o, grantEdit: o, grantShare: o, leave: _, cancelOwnershipOffer: _ },
  shareOnly:     { addEvent: _, edit: _, changeTitle: _, changeVisibility: _, delete: _, share: o, seeInvitedAddresses: o, seeMembers: o, changeOwnSettings: o, grantAdd: _, grantEdit: _, grantShare: o, leave: o, cancelOwnershipOffer: _ },
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
