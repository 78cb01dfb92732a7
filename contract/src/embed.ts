import { z } from 'zod';

/** POST /api/embed/codes (a host's server, with its host key): sign one of the host's users in. */
export const embedCodeBody = z.object({ userId: z.string().min(1).max(100) });

/** POST /api/embed/codes answer: a single-use code for the iframe's `?loginToken=`, valid ≤ 60 s. */
export const embedCodeAnswer = z.object({ code: z.string(), expiresAt: z.string() });

/**
 * POST /api/embed/session (the framed page): exchanges the code from its address for a session.
 * `hostOrigin` is the origin of the page framing it (location.ancestorOrigins, else
 * document.referrer); the code must have been minted for that host.
 */
export const embedSessionBody = z.object({
  code: z.string().min(1).max(200),
  userId: z.string().min(1).max(100),
  hostOrigin: z.string().min(1).max(300),
});
