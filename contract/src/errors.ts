import { z } from 'zod';
import { errorCodes } from './errorCodes.ts';

/** The JSON body of every error answer. */
export const apiErrorBody = z.object({
  /** HTTP status repeated in the body. */
  statusCode: z.number().int(),
  /** Stable code the client maps to a translated text. */
  code: z.enum(errorCodes),
  /** English text for logs and API users; the web shows its own translation. */
  message: z.string(),
  /** The request field at fault, when one is. */
  field: z.string().optional(),
});

/** The JSON body of every error answer. */
export type ApiErrorBody = z.infer<typeof apiErrorBody>;
