import { randomBytes } from 'node:crypto';
import { type Challenge, createChallenge, type Payload, randomInt, verifySolution } from 'altcha-lib';
import { deriveKey } from 'altcha-lib/algorithms/pbkdf2';
import { lt } from 'drizzle-orm';
import type { Db } from '../db/connect.ts';
import { usedCaptchas } from '../db/schema/index.ts';
import { ApiError } from './errors.ts';
import { getOrCreateSecret } from './secrets.ts';

/** Iterations of PBKDF2 per attempt; the number of attempts is set by ALTCHA_COST. */
const pbkdf2Iterations = 100;
const challengeLifetimeMs = 10 * 60 * 1000;

/** The bot check: ALTCHA proof of work by default, Google reCAPTCHA when keys are configured. */
export interface Captcha {
  provider: 'altcha' | 'recaptcha';
  /** A new ALTCHA challenge for the widget (altcha only). */
  createChallenge(): Promise<Challenge>;
  /** Throws 400 on recaptchaCode unless the answer is valid and unused. */
  verify(answer: string | undefined, remoteIp: string): Promise<void>;
}

const required = () =>
  new ApiError(400, 'CAPTCHA_REQUIRED', 'Please validate the recaptcha!', 'recaptchaCode');
const invalid = () =>
  new ApiError(
    400,
    'CAPTCHA_INVALID',
    'Something went wrong with the validation, please try again.',
    'recaptchaCode',
  );

/** Builds the self-hosted ALTCHA check; its HMAC keys live in the database. */
export async function createAltcha(db: Db, cost: number): Promise<Captcha> {
  const generate = () => randomBytes(32).toString('base64url');
  const signatureSecret = await getOrCreateSecret(db, 'altcha.signature', generate);
  const keySecret = await getOrCreateSecret(db, 'altcha.key', generate);
  return {
    provider: 'altcha',
    createChallenge: () =>
      createChallenge({
        algorithm: 'PBKDF2/SHA-256',
        cost: pbkdf2Iterations,
        counter: randomInt(Math.ceil(cost / 2), cost),
        deriveKey,
        expiresAt: new Date(Date.now() + challengeLifetimeMs),
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      }),
    async verify(answer) {
      if (!answer) throw required();
      const payload = decodePayload(answer);
      if (!payload) throw invalid();
      const result = await verifySolution({
        challenge: payload.challenge,
        solution: payload.solution,
        deriveKey,
        hmacSignatureSecret: signatureSecret,
        hmacKeySignatureSecret: keySecret,
      }).catch(() => null);
      if (!result?.verified || !payload.challenge.signature) throw invalid();
      await db.delete(usedCaptchas).where(lt(usedCaptchas.expiresAt, new Date()));
      const inserted = await db
        .insert(usedCaptchas)
        .values({
          signature: payload.challenge.signature,
          expiresAt: new Date(Date.now() + challengeLifetimeMs),
        })
        .onConflictDoNothing()
        .returning();
      if (inserted.length === 0) throw invalid();
    },
  };
}

/** The widget submits base64 JSON of {challenge, solution}. */
function decodePayload(answer: string): Payload | null {
  try {
    const parsed: unknown = JSON.parse(Buffer.from(answer, 'base64').toString('utf8'));
    if (typeof parsed !== 'object' || parsed === null) return null;
    const { challenge, solution } = parsed as Partial<Payload>;
    if (!challenge?.parameters || !solution) return null;
    return { challenge, solution };
  } catch {
    return null;
  }
}

/** Builds the Google reCAPTCHA check (used only when its keys are configured). */
export function createRecaptcha(secret: string): Captcha {
  return {
    provider: 'recaptcha',
    createChallenge: () => Promise.reject(new ApiError(404, 'NOT_FOUND', 'ALTCHA is not enabled')),
    async verify(answer, remoteIp) {
      if (!answer) throw required();
      const response = await fetch('https://www.google.com/recaptcha/api/siteverify', {
        method: 'POST',
        body: new URLSearchParams({ secret, response: answer, remoteip: remoteIp }),
      }).catch(() => null);
      const body = (await response?.json().catch(() => null)) as { success?: boolean } | null;
      if (!body?.success) throw invalid();
    },
  };
}
