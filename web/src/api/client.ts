import type { z } from 'zod';
import { createApiError } from './ApiError.ts';
import { getHeaders, takeEarlyResponse } from './earlyRequests.ts';

let loginToken: string | null = null;
let handleUnauthorized: (() => void) | null = null;

/** Sets (or drops, with null) the token sent in the loginToken header. */
export function setLoginToken(token: string | null): void {
  loginToken = token;
}

/** Registers what happens when the server no longer accepts the token (401 while signed in). */
export function setUnauthorizedHandler(handler: (() => void) | null): void {
  handleUnauthorized = handler;
}

type Query = Record<string, string | number | boolean | undefined>;

interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Query;
  body?: unknown;
  signal?: AbortSignal;
}

function buildUrl(path: string, query: Query | undefined): string {
  if (!query) return path;
  const params = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) params.set(name, String(value));
  }
  const search = params.toString();
  return search ? `${path}?${search}` : path;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  try {
    return JSON.parse(text);
  } catch {
    return null;
  }
}

async function send(path: string, options: RequestOptions): Promise<unknown> {
  const sentToken = loginToken;
  const headers = getHeaders(sentToken);
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  const url = buildUrl(path, options.query);
  const method = options.method ?? 'GET';
  // The first screen's data may have been asked for before the app started (earlyRequests.ts).
  const early = method === 'GET' ? await takeEarlyResponse(url, sentToken) : null;
  const response =
    early ??
    (await fetch(url, {
      method,
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
    }));
  const body = await readJson(response);
  if (!response.ok) {
    // Only a token the server has just refused ends the session; a token replaced meanwhile stays.
    if (response.status === 401 && sentToken && sentToken === loginToken) handleUnauthorized?.();
    throw createApiError(response.status, body);
  }
  return body;
}

/** What an answer schema of the contract describes (the type apiFetch answers). */
export type Answer<S extends z.ZodType> = z.output<S>;

/**
 * Calls the API (same origin) and answers its JSON body; throws ApiError on non-ok. The answer is
 * not parsed again here: the server sends only what its route's contract schema encodes (its
 * serializer refuses anything else), so the browser needs no schema library to read answers and
 * zod stays out of the pages that have no form to check (issue 12).
 */
export async function apiFetch<T>(path: string, options: RequestOptions = {}): Promise<T> {
  return (await send(path, options)) as T;
}

/** Calls the API for an answer without a body (204); throws ApiError on non-ok. */
export async function apiSend(path: string, options: RequestOptions = {}): Promise<void> {
  await send(path, options);
}
