import type {
  account,
  LoginBody,
  loginCodeAnswer,
  RegisterBody,
  ResetPasswordBody,
  ResetPasswordConfirmBody,
  resetPasswordCheckAnswer,
  resetPasswordConfirmAnswer,
} from '@convene/contract';
import { type Answer, apiFetch, apiSend } from '../../api/client.ts';
import type { StoredAccount } from './sessionStorage.ts';

/** POST /api/auth/login → the account with its login token. */
export function login(body: LoginBody): Promise<StoredAccount> {
  return apiFetch<StoredAccount>('/api/auth/login', { method: 'POST', body });
}

/** POST /api/auth/register → the new account, already signed in. */
export function register(body: RegisterBody): Promise<StoredAccount> {
  return apiFetch<StoredAccount>('/api/auth/register', { method: 'POST', body });
}

/** POST /api/auth/autoLogin with a single-use code from an /auto-login link. */
export function autoLogin(code: string): Promise<StoredAccount> {
  return apiFetch<StoredAccount>('/api/auth/autoLogin', {
    method: 'POST',
    body: { code },
  });
}

/** GET /api/auth/logout: the server forgets the token. */
export function logout(): Promise<void> {
  return apiSend('/api/auth/logout');
}

/** GET /api/account: the signed-in account, fresh. */
export function getAccount(signal?: AbortSignal) {
  return apiFetch<Answer<typeof account>>('/api/account', { signal });
}

/** POST /api/account/resetPassword: mails a link to choose a new password. */
export function requestPasswordReset(body: ResetPasswordBody): Promise<void> {
  return apiSend('/api/account/resetPassword', { method: 'POST', body });
}

/** GET /api/account/resetPassword/check: whether the mailed link can still set a password (nothing spent). */
export function checkPasswordResetLink(token: string, signal?: AbortSignal) {
  const query = new URLSearchParams({ token });
  return apiFetch<Answer<typeof resetPasswordCheckAnswer>>(`/api/account/resetPassword/check?${query}`, {
    signal,
  });
}

/** POST /api/account/resetPassword/confirm: sets the new password with the mailed token → the account's e-mail. */
export function confirmPasswordReset(body: ResetPasswordConfirmBody): Promise<{ email: string }> {
  return apiFetch<Answer<typeof resetPasswordConfirmAnswer>>('/api/account/resetPassword/confirm', {
    method: 'POST',
    body,
  });
}

/** POST /api/auth/loginCode: a short-lived code that signs the user in to the classic app. */
export function createLoginCode() {
  return apiFetch<Answer<typeof loginCodeAnswer>>('/api/auth/loginCode', { method: 'POST' });
}
