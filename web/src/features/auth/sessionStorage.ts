import type { Account } from '@convene/contract';
import { localStore, type SafeStorage, sessionStore } from '../../components/safeStorage.ts';
import { isEmbedded } from '../embed/embeddedMode.ts';

const storageKey = 'convene.account';

/**
 * Where the session is kept: localStorage, or this tab's sessionStorage in embedded mode (issue
 * 16: a host's sign-in lasts for its frame only and never reaches the browser's other tabs). A
 * frame the browser denies storage keeps it in memory (components/safeStorage.ts): signed in
 * until the frame reloads.
 */
function accountStore(): SafeStorage {
  return isEmbedded() ? sessionStore : localStore;
}

/** The signed-in account as kept in localStorage: the account plus its login token. */
export type StoredAccount = Account & { loginToken: string };

type FieldKind = 'string' | 'token' | 'nullableString' | 'boolean' | 'object';

/**
 * What each field of a stored account must hold. Checked by hand rather than with the contract's
 * zod schema so that the first page loads no schema library (issue 12); `satisfies` makes the
 * compiler ask for a line here whenever the account gains or loses a field.
 */
const storedAccountFields = {
  userId: 'string',
  name: 'string',
  email: 'string',
  loginToken: 'token',
  imageLink: 'nullableString',
  description: 'nullableString',
  contact: 'object',
  privacy: 'object',
  permissions: 'object',
  isConfirmed: 'boolean',
  status: 'string',
  socialId: 'nullableString',
  hasUpdatedProfile: 'boolean',
} as const satisfies Record<keyof StoredAccount, FieldKind>;

function holds(kind: FieldKind, value: unknown): boolean {
  switch (kind) {
    case 'token':
      return typeof value === 'string' && value.length > 0;
    case 'nullableString':
      return value === null || typeof value === 'string';
    case 'object':
      return typeof value === 'object' && value !== null;
    default:
      return typeof value === kind;
  }
}

/** Whether a parsed value has every field of a stored account (an older version's may not). */
export function isStoredAccount(value: unknown): value is StoredAccount {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return Object.entries(storedAccountFields).every(([field, kind]) => holds(kind, record[field]));
}

/** The account saved by an earlier visit, or null (nothing saved, or saved by an older version). */
export function readStoredAccount(): StoredAccount | null {
  try {
    const raw = accountStore().getItem(storageKey);
    if (!raw) return null;
    const parsed: unknown = JSON.parse(raw);
    return isStoredAccount(parsed) ? parsed : null;
  } catch {
    return null;
  }
}

/** Saves the signed-in account so a reload keeps the session. */
export function writeStoredAccount(value: StoredAccount): void {
  accountStore().setItem(storageKey, JSON.stringify(value));
}

/** Forgets the session: logout clears everything the app kept in localStorage. */
export function clearStoredAccount(): void {
  // Embedded, only this tab's session goes: the browser's own Convene session is not the frame's.
  if (isEmbedded()) sessionStore.removeItem(storageKey);
  else localStore.clear();
}

/** Kept per tab (not in localStorage, which logout clears): this tab's session ended. */
const signedOutKey = 'convene.signedOut';

/** Whether a session of this tab ended (logout, or the server stopped accepting it). */
export function readSignedOut(): boolean {
  return sessionStore.getItem(signedOutKey) === '1';
}

/** Notes (or forgets) that this tab's session ended; a reload keeps sending deep links to /login. */
export function writeSignedOut(value: boolean): void {
  if (value) sessionStore.setItem(signedOutKey, '1');
  else sessionStore.removeItem(signedOutKey);
}
