import { z } from 'zod';

/** Account status: pending until the e-mail is confirmed, then active. */
export const accountStatuses = ['pending', 'active', 'deleted'] as const;
export type AccountStatus = (typeof accountStatuses)[number];

/** Contact details a user may fill in. */
export const contact = z.object({
  phoneNumber: z.string().nullable(),
  linkedIn: z.string().nullable(),
  facebook: z.string().nullable(),
});

/** Privacy switches: true lets other users see the field. */
export const privacy = z.object({
  email: z.boolean(),
  phoneNumber: z.boolean(),
  linkedIn: z.boolean(),
  facebook: z.boolean(),
});

/** The signed-in user's own account (PRODUCT.md §1.3 Account). */
export const account = z.object({
  /** Opaque id without dashes. */
  userId: z.string(),
  name: z.string(),
  email: z.string(),
  /** Present only in the answers of login, register and auto-login. */
  loginToken: z.string().optional(),
  imageLink: z.string().nullable(),
  description: z.string().nullable(),
  contact,
  privacy,
  permissions: z.object({ canCreateChat: z.boolean() }),
  /** True once the e-mail address is confirmed. */
  isConfirmed: z.boolean(),
  status: z.enum(accountStatuses),
  /** Set for accounts created through a social login; they have no password to change. */
  socialId: z.string().nullable(),
  /** False until the user saves their profile once. */
  hasUpdatedProfile: z.boolean(),
});
export type Account = z.infer<typeof account>;
