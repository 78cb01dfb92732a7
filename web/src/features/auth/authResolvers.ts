import {
  authMessages,
  type LoginBody,
  loginBody,
  newPasswordField,
  type RegisterBody,
  type ResetPasswordBody,
  registerBody,
  resetPasswordBody,
} from '@convene/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import type { Resolver } from 'react-hook-form';
import { z } from 'zod';

// The sign-in screens' checks: the contract's schemas behind react-hook-form resolvers, in a
// chunk of their own that each form loads when first needed (lazyResolver), not with the page.

/** The new password typed twice; the contract's password rules, plus both must match. */
const newPasswordForm = z
  .object({
    password: newPasswordField,
    confirmPassword: z.string().min(1, authMessages.passwordRequired),
  })
  .refine((values) => values.password === values.confirmPassword, {
    path: ['confirmPassword'],
    message: 'auth.errors.diffConfirmedPassword',
  });

/** The new-password form's fields. */
export interface NewPasswordValues {
  password: string;
  confirmPassword: string;
}

export const loginResolver: Resolver<LoginBody, unknown, LoginBody> = zodResolver(loginBody);
export const registerResolver: Resolver<RegisterBody, unknown, RegisterBody> = zodResolver(registerBody);
export const resetPasswordResolver: Resolver<ResetPasswordBody, unknown, ResetPasswordBody> =
  zodResolver(resetPasswordBody);
export const newPasswordResolver: Resolver<NewPasswordValues, unknown, NewPasswordValues> =
  zodResolver(newPasswordForm);
