import { sessionStore } from '../../components/safeStorage.ts';

/**
 * What the broadcaster screen needs to (re)start publishing: kept in the navigation state and,
 * for a reload of the tab, in sessionStorage (this tab only).
 */
export interface Broadcast {
  eventId: string;
  streamId: string;
  streamName: string;
  deviceId: string | null;
}

const storageKey = 'convene.broadcast';

function isBroadcast(value: unknown): value is Broadcast {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return (
    typeof record.eventId === 'string' &&
    typeof record.streamId === 'string' &&
    typeof record.streamName === 'string' &&
    (record.deviceId === null || typeof record.deviceId === 'string')
  );
}

/** The broadcast in a navigation state, if it holds one. */
export function broadcastFromState(state: unknown): Broadcast | null {
  const value =
    typeof state === 'object' && state !== null ? (state as { broadcast?: unknown }).broadcast : null;
  return isBroadcast(value) ? value : null;
}

/** Remembers the tab's broadcast so a reload can resume it. */
export function rememberBroadcast(broadcast: Broadcast): void {
  // Where the browser refuses storage it is kept for this page: a reload then cannot resume.
  sessionStore.setItem(storageKey, JSON.stringify(broadcast));
}

/** The tab's broadcast of `eventId` from before a reload, if any. */
export function rememberedBroadcast(eventId: string): Broadcast | null {
  try {
    const value: unknown = JSON.parse(sessionStore.getItem(storageKey) ?? 'null');
    return isBroadcast(value) && value.eventId === eventId ? value : null;
  } catch {
    return null;
  }
}

export function forgetBroadcast(): void {
  sessionStore.removeItem(storageKey);
}

// The camera the create dialog opened, handed to the broadcaster screen so it does not ask again.
let handedCamera: { streamId: string; media: MediaStream } | null = null;

export function handOverCamera(streamId: string, media: MediaStream): void {
  handedCamera = { streamId, media };
}

/** Whether the create dialog handed over its camera for `streamId` (not taken yet). */
export function hasHandedCamera(streamId: string): boolean {
  return handedCamera?.streamId === streamId;
}

/** The camera handed over for `streamId` (once), or null. */
export function takeHandedCamera(streamId: string): MediaStream | null {
  if (handedCamera?.streamId !== streamId) return null;
  const { media } = handedCamera;
  handedCamera = null;
  return media;
}
