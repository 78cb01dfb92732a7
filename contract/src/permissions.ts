/** Permission flags of a calendar (PRODUCT.md §1.6). */
export interface PermissionFlags {
  canView: boolean;
  canAdd: boolean;
  canEdit: boolean;
  canShare: boolean;
}

/** Flags of a member, including whether they own the calendar. */
export interface MemberPermissions extends PermissionFlags {
  isOwner: boolean;
}

/** Calendar roles, most powerful first. */
export const calendarRoles = ['owner', 'admin', 'manager', 'assistant', 'member'] as const;
export type CalendarRole = (typeof calendarRoles)[number];

/**
 * Roles a member can be given: every role but the owner's (ownership is handed over by an offer).
 * Here, not beside the member schemas, so the activity feed can name roles without loading zod.
 */
export const assignableCalendarRoles = ['admin', 'manager', 'assistant', 'member'] as const;
export type AssignableCalendarRole = (typeof assignableCalendarRoles)[number];

/**
 * Default permissions of each role (documented in docs/ARCHITECTURE.md):
 * owner — everything and ownership; admin — view, add, edit, share; manager — view, add, edit;
 * assistant — view, add; member — view.
 */
export const rolePermissions = {
  owner: { canView: true, canAdd: true, canEdit: true, canShare: true, isOwner: true },
  admin: { canView: true, canAdd: true, canEdit: true, canShare: true, isOwner: false },
  manager: { canView: true, canAdd: true, canEdit: true, canShare: false, isOwner: false },
  assistant: { canView: true, canAdd: true, canEdit: false, canShare: false, isOwner: false },
  member: { canView: true, canAdd: false, canEdit: false, canShare: false, isOwner: false },
} as const satisfies Record<CalendarRole, MemberPermissions>;

/** The role whose defaults a set of flags matches best: the most powerful one it covers. */
export function roleForPermissions(flags: Partial<MemberPermissions>): CalendarRole {
  if (flags.isOwner) return 'owner';
  const covers = (role: CalendarRole) =>
    (['canView', 'canAdd', 'canEdit', 'canShare'] as const).every(
      (key) => !rolePermissions[role][key] || flags[key],
    );
  return calendarRoles.find((role) => role !== 'owner' && covers(role)) ?? 'member';
}

/** View only: what an empty calendar, or a calendar reached with no rights, grants. */
export const viewOnly: MemberPermissions = {
  canView: true,
  canAdd: false,
  canEdit: false,
  canShare: false,
  isOwner: false,
};

/** What the effective-permission rule reads from a calendar as the viewer sees it. */
export interface PermissionSource {
  currentUser?: { permissions?: Partial<MemberPermissions> | null } | null;
  calendarLink?: { permissions?: Partial<MemberPermissions> | null } | null;
  defaultPermissions?: Partial<PermissionFlags> | null;
}

function complete(flags: Partial<MemberPermissions>): MemberPermissions {
  return {
    canView: flags.canView ?? true,
    canAdd: flags.canAdd ?? false,
    canEdit: flags.canEdit ?? false,
    canShare: flags.canShare ?? false,
    isOwner: flags.isOwner ?? false,
  };
}

/**
 * The effective permissions (PRODUCT.md §1.6): the viewer's own membership (currentUser), else their
 * link to the calendar (calendarLink), else the calendar's default permissions with canAdd,
 * canEdit and canShare forced false; an empty calendar means view only.
 */
export function effectivePermissions(calendar: PermissionSource | null | undefined): MemberPermissions {
  if (!calendar) return viewOnly;
  const own = calendar.currentUser?.permissions;
  if (own) return complete(own);
  const link = calendar.calendarLink?.permissions;
  if (link) return complete(link);
  if (calendar.defaultPermissions) {
    return complete({
      ...calendar.defaultPermissions,
      canAdd: false,
      canEdit: false,
      canShare: false,
      isOwner: false,
    });
  }
  return viewOnly;
}
