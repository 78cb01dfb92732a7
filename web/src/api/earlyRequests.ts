import { limits } from '@convene/contract';

/**
 * GET requests the first screen will make, sent before the app starts (app/preloadFirstScreen.ts)
 * so that their answers arrive while React and MUI start up instead of after the screen first
 * renders (issue 12: the calendars list asked for its data two seconds into a slow phone's visit,
 * half a second after the shell was drawn). api/client.ts answers the screen's request with the
 * early one, once, when it is the same request with the same token.
 */
interface EarlyRequest {
  loginToken: string;
  sentAt: number;
  response: Promise<Response | null>;
}

/** An early answer not taken by then is dropped: the screen it was for was left before it drew. */
export const earlyAnswerLifetimeMs = 10_000;

const requests = new Map<string, EarlyRequest>();

/** The headers api/client.ts sends with a GET (kept the same here). */
export function getHeaders(loginToken: string | null): Record<string, string> {
  const headers: Record<string, string> = { Accept: 'application/json', version: limits.apiVersion };
  if (loginToken) headers.loginToken = loginToken;
  return headers;
}

/** Sends GET `url` now, with the session's token, for the first screen to take. */
export function requestEarly(url: string, loginToken: string): void {
  const response = fetch(url, { headers: getHeaders(loginToken) }).catch(() => null);
  requests.set(url, { loginToken, sentAt: Date.now(), response });
}

/**
 * The early answer to GET `url` sent with `loginToken`, once: later requests go to the network.
 * Null when there is none, or it failed to arrive (the caller then sends its own).
 */
export function takeEarlyResponse(url: string, loginToken: string | null): Promise<Response | null> | null {
  const early = requests.get(url);
  if (!early) return null;
  requests.delete(url);
  const isFresh = Date.now() - early.sentAt <= earlyAnswerLifetimeMs;
  return isFresh && early.loginToken === loginToken ? early.response : null;
}
