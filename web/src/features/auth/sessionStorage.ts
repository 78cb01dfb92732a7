import { account } from '@convene/contract';
import { z } from 'zod';

const storageKey = 'convene.account';

/** The signed-in account as kept in localStorage: the account plus its login token. */
export const storedAccountSchema = account.extend({ loginToken: z.string().min(1) });
export type StoredAccount = z.infer<typeof storedAccountSchema>;

/** The account saved by an earlier visit, or null (nothing saved, or saved by an older version). */
export function readStoredAccount(): StoredAccount | null {
  try {
    const raw = localStorage.getItem(storageKey);
    if (!raw) return null;
    const parsed = storedAccountSchema.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

/** Saves the signed-in account so a reload keeps the session. */
export function writeStoredAccount(value: StoredAccount): void {
  localStorage.setItem(storageKey, JSON.stringify(value));
}

/** Forgets the session: logout clears everything the app kept in localStorage. */
export function clearStoredAccount(): void {
  localStorage.clear();
}

/** Kept per tab (not in localStorage, which logout clears): this tab's session ended. */
const signedOutKey = 'convene.signedOut';

/** Whether a session of this tab ended (logout, or the server stopped accepting it). */
export function readSignedOut(): boolean {
  try {
    return sessionStorage.getItem(signedOutKey) === '1';
  } catch {
    return false;
  }
}

/** Notes (or forgets) that this tab's session ended; a reload keeps sending deep links to /login. */
export function writeSignedOut(value: boolean): void {
  try {
    if (value) sessionStorage.setItem(signedOutKey, '1');
    else sessionStorage.removeItem(signedOutKey);
  } catch {
    // Storage refused (private mode): the flag lives for this page only.
  }
}
