import { z } from 'zod';

/** One signed-in session of the caller's account, as GET /api/sessions lists it. */
export const sessionInfo = z.object({
  /** Id used to end this session (DELETE /api/sessions/{sessionId}). */
  sessionId: z.string(),
  /** The User-Agent that signed in (null when none was sent); see describeUserAgent. */
  userAgent: z.string().nullable(),
  /** When the session signed in (ISO 8601). */
  createdAt: z.string(),
  /** Last request with this session, to the minute (ISO 8601). */
  lastUsedAt: z.string(),
  /** True for the session making this request ("this device"). */
  isCurrent: z.boolean(),
});
export type SessionInfo = z.infer<typeof sessionInfo>;

/** GET /api/sessions: the caller's live sessions, this device first, then the latest used. */
export const sessionList = z.object({ sessions: z.array(sessionInfo) });
export type SessionList = z.infer<typeof sessionList>;

/** DELETE /api/sessions?others=true: ends every session of the caller but this one. */
export const endOtherSessionsQuery = z.object({
  /** Must be "true": the request ends the other sessions, never the caller's own. */
  others: z.literal('true'),
});

/** Path of DELETE /api/sessions/{sessionId}. */
export const sessionIdParams = z.object({
  /** One of the caller's sessions. */
  sessionId: z.string().trim().min(1).max(64),
});

/** Browser and system named by a User-Agent; null parts are unknown. */
export interface DeviceDescription {
  browser: string | null;
  os: string | null;
}

const browsers: Array<[RegExp, string]> = [
  [/\bEdg(e|A|iOS)?\//, 'Edge'],
  [/\b(OPR|Opera)\//, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\b(Firefox|FxiOS)\//, 'Firefox'],
  [/\b(Chrome|CriOS|Chromium)\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
];
const systems: Array<[RegExp, string]> = [
  [/\b(iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
];

/** Names the browser and system of a User-Agent (first match wins; linear patterns only). */
export function describeUserAgent(userAgent: string | null): DeviceDescription {
  const text = (userAgent ?? '').slice(0, 512);
  const find = (table: Array<[RegExp, string]>) => table.find(([pattern]) => pattern.test(text))?.[1] ?? null;
  return { browser: find(browsers), os: find(systems) };
}
