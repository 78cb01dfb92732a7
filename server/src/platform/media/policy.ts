import { createHmac, timingSafeEqual } from 'node:crypto';
import { type UploadPolicy, uploadPolicy } from '@convene/contract';

/** A policy as the browser carries it: base64 JSON and its hex HMAC-SHA256 signature. */
export interface SignedPolicy {
  policy: string;
  signature: string;
}

const hmac = (secret: string, policy: string) => createHmac('sha256', secret).update(policy).digest();

/** Encodes and signs an upload policy with the server's media secret. */
export function signPolicy(secret: string, contents: UploadPolicy): SignedPolicy {
  const policy = Buffer.from(JSON.stringify(contents)).toString('base64');
  return { policy, signature: hmac(secret, policy).toString('hex') };
}

/** Why a policy was refused, as the form field at fault. */
export type PolicyFailure = 'signature' | 'policy' | 'expired';

/**
 * Checks a policy's signature in constant time, then decodes it and checks it has not expired.
 * The signature is checked first, so nothing of an unsigned policy is ever parsed.
 */
export function verifyPolicy(
  secret: string,
  signed: Partial<SignedPolicy>,
  now = new Date(),
): { ok: true; contents: UploadPolicy } | { ok: false; failure: PolicyFailure } {
  const { policy, signature } = signed;
  if (!policy || policy.length > 4096) return { ok: false, failure: 'policy' };
  if (!signature || !/^[0-9a-f]{64}$/.test(signature)) return { ok: false, failure: 'signature' };
  if (!timingSafeEqual(hmac(secret, policy), Buffer.from(signature, 'hex'))) {
    return { ok: false, failure: 'signature' };
  }
  let decoded: unknown;
  try {
    decoded = JSON.parse(Buffer.from(policy, 'base64').toString('utf8'));
  } catch {
    return { ok: false, failure: 'policy' };
  }
  const parsed = uploadPolicy.safeParse(decoded);
  if (!parsed.success) return { ok: false, failure: 'policy' };
  const expiresAt = Date.parse(parsed.data.expiresAt);
  if (!Number.isFinite(expiresAt) || expiresAt <= now.getTime()) return { ok: false, failure: 'expired' };
  return { ok: true, contents: parsed.data };
}
