import { describe, expect, it } from 'vitest';
import { effectivePermissions, roleForPermissions, rolePermissions, viewOnly } from './permissions.ts';

const all = { canView: true, canAdd: true, canEdit: true, canShare: true };

describe('effectivePermissions (PRODUCT.md §1.6)', () => {
  it('takes the viewer’s own membership first', () => {
    expect(
      effectivePermissions({
        currentUser: { permissions: rolePermissions.assistant },
        calendarLink: { permissions: rolePermissions.admin },
        defaultPermissions: all,
      }),
    ).toEqual(rolePermissions.assistant);
  });

  it('then the calendar link', () => {
    expect(
      effectivePermissions({ currentUser: null, calendarLink: { permissions: rolePermissions.manager } }),
    ).toEqual(rolePermissions.manager);
  });

  it('then the defaults with add, edit and share forced off', () => {
    expect(effectivePermissions({ defaultPermissions: all })).toEqual({ ...viewOnly, canView: true });
    expect(effectivePermissions({ defaultPermissions: { ...all, canView: false } }).canView).toBe(false);
  });

  it('an empty calendar means view only', () => {
    expect(effectivePermissions({})).toEqual(viewOnly);
    expect(effectivePermissions(null)).toEqual(viewOnly);
  });

  it('fills missing flags safely', () => {
    expect(effectivePermissions({ currentUser: { permissions: { canEdit: true } } })).toEqual({
      canView: true,
      canAdd: false,
      canEdit: true,
      canShare: false,
      isOwner: false,
    });
  });
});

describe('roles', () => {
  it('maps flags to the most powerful role they cover', () => {
    for (const role of ['admin', 'manager', 'assistant', 'member'] as const) {
      expect(roleForPermissions(rolePermissions[role])).toBe(role);
    }
    expect(roleForPermissions({ canView: true, canShare: true })).toBe('member');
    expect(roleForPermissions({ isOwner: true })).toBe('owner');
  });
});
