import { type LoginBody, loginBody } from '@convene/contract';

/** The sign-in form's fields, in the order the form shows them (the first wrong one gets the focus). */
export const loginFields = ['email', 'password'] as const;
export type LoginField = (typeof loginFields)[number];

/** What checkLogin finds: the values to send (as the schema outputs them) or a message key per wrong field. */
export type LoginCheck =
  | { ok: true; values: LoginBody }
  | { ok: false; errors: Partial<Record<LoginField, string>> };

/**
 * The sign-in form's checks: the contract's loginBody, with each field's first message (what the
 * zod resolver of the other forms gives), in a chunk of its own that LoginForm loads when the
 * person starts typing or submits, so the sign-in page draws without zod (issue 12).
 */
export function checkLogin(values: LoginBody): LoginCheck {
  const parsed = loginBody.safeParse(values);
  if (parsed.success) return { ok: true, values: parsed.data };
  const errors: Partial<Record<LoginField, string>> = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && errors[field] === undefined)
      errors[field] = issue.message;
  }
  return { ok: false, errors };
}
