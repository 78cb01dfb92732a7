import { type Calendar, calendarMessages, createCalendarBody, rolePermissions } from '@convene/contract';
import { describe, expect, it } from 'vitest';
import {
  calendarFormRules,
  calendarFormValues,
  createCalendarRequest,
  updateCalendarRequest,
} from './calendarForm.ts';

const cover = { url: '/media/photos/cover/a/full.jpg', croppedUrl: '/media/photos/cover/a/crop.jpg' };

function buildCalendar(
  overrides: Partial<Calendar> = {},
  role: keyof typeof rolePermissions = 'owner',
): Calendar {
  const permissions = rolePermissions[role];
  return {
    calendarId: 'c1',
    name: 'Book club',
    visibility: 'private',
    details: null,
    color: '#4256c1',
    coverPhoto: null,
    coverPhotoLink: null,
    defaultPermissions: { canView: true, canAdd: true, canEdit: false, canShare: true },
    calendarSettings: { enableETA: false, enableNotices: true, enableChatPushNotifications: true, order: 0 },
    currentUser: {
      name: 'Olga',
      email: 'olga@example.com',
      status: 'confirmed',
      userId: 'u1',
      permissions,
      isOwner: permissions.isOwner,
      lastActionType: 'create',
      actionDate: '2024-01-01T00:00:00.000Z',
      folderId: null,
    },
    calendarLink: { isOwner: permissions.isOwner, isPersonal: false, permissions, folderId: null },
    isPersonal: false,
    isOwner: permissions.isOwner,
    owner: { userId: 'u1', name: 'Olga', imageLink: null },
    linkedEntities: { chatId: null },
    organizations: [],
    isLimitedToOrganization: false,
    categories: [],
    filters: [],
    users_count: 1,
    lastActionType: 'create',
    abilities: {
      addEvent: permissions.canAdd,
      edit: permissions.canEdit,
      changeTitle: permissions.isOwner,
      changeVisibility: permissions.isOwner,
      delete: permissions.isOwner && !overrides.isPersonal,
      share: permissions.canShare,
      seeInvitedAddresses: permissions.canShare,
      seeMembers: true,
      changeOwnSettings: true,
      grantAdd: permissions.canShare && permissions.canAdd,
      grantEdit: permissions.canShare && permissions.canEdit,
      grantShare: permissions.canShare,
      leave: !permissions.isOwner && !overrides.isPersonal,
      cancelOwnershipOffer: false,
    },
    ...overrides,
  };
}

const messageOf = (values: object) => {
  const result = createCalendarBody.safeParse(values);
  return result.success ? null : result.error.issues.map((issue) => issue.message);
};

describe('calendar form validation (the contract schema)', () => {
  const valid = calendarFormValues(null);
  it('asks for a title of at least 3 characters without edge spaces', () => {
    expect(messageOf({ ...valid, name: '' })).toContain(calendarMessages.titleRequired);
    expect(messageOf({ ...valid, name: ' Club' })).toContain(calendarMessages.emptySpaces);
    expect(messageOf({ ...valid, name: 'ab' })).toContain(calendarMessages.titleInvalid);
    expect(messageOf({ ...valid, name: 'Book club' })).toBeNull();
  });

  it('needs a cover image for a public calendar', () => {
    expect(messageOf({ ...valid, name: 'Open air', visibility: 'public' })).toEqual([
      calendarMessages.imageRequired,
    ]);
    expect(messageOf({ ...valid, name: 'Open air', visibility: 'public', coverPhoto: cover })).toBeNull();
  });
});

describe('calendar form values and rules', () => {
  it('starts a new calendar empty and private', () => {
    expect(calendarFormValues(null)).toEqual({
      name: '',
      visibility: 'private',
      details: '',
      coverPhoto: null,
    });
    expect(calendarFormRules(null)).toEqual({ canChangeTitleAndVisibility: true, canBePublic: true });
  });

  it('edits a calendar from its own values', () => {
    const calendar = buildCalendar({ details: 'Monthly', coverPhoto: cover, visibility: 'public' });
    expect(calendarFormValues(calendar)).toEqual({
      name: 'Book club',
      visibility: 'public',
      details: 'Monthly',
      coverPhoto: cover,
    });
  });

  it('lets only the owner change title and visibility, and never makes a personal calendar public', () => {
    expect(calendarFormRules(buildCalendar({}, 'admin')).canChangeTitleAndVisibility).toBe(false);
    expect(calendarFormRules(buildCalendar({ isPersonal: true })).canBePublic).toBe(false);
  });
});

describe('calendar requests', () => {
  const values = { name: 'Book club', visibility: 'private' as const, details: '  ', coverPhoto: null };

  it('sends an empty description as null', () => {
    expect(createCalendarRequest(values)).toEqual({
      name: 'Book club',
      visibility: 'private',
      details: null,
      coverPhoto: null,
    });
  });

  it('leaves title and visibility out of a non-owner’s edit', () => {
    const rules = { canChangeTitleAndVisibility: false, canBePublic: true };
    expect(updateCalendarRequest({ ...values, details: 'Notes' }, rules)).toEqual({
      details: 'Notes',
      coverPhoto: null,
    });
  });
});
