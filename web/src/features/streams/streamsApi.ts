import type { CreateStreamBody, Stream, StreamsAuth } from '@convene/contract';
import { apiFetch, apiSend } from '../../api/client.ts';

const streamsPath = (eventId: string) => `/api/events/${encodeURIComponent(eventId)}/streams`;

/** POST /api/events/{eventId}/streams: starts a stream record (PRODUCT.md §2.7); a retry with the same streamId is the same stream. */
export function createStream(eventId: string, body: CreateStreamBody): Promise<Stream> {
  return apiFetch<Stream>(streamsPath(eventId), { method: 'POST', body });
}

/** GET /api/events/{eventId}/streams/{streamId}: one stream, live or ended. */
export function getStream(eventId: string, streamId: string, signal?: AbortSignal): Promise<Stream> {
  return apiFetch<Stream>(`${streamsPath(eventId)}/${encodeURIComponent(streamId)}`, { signal });
}

/** DELETE /api/events/{eventId}/streams/{streamId}: ends a stream (its broadcaster or an editor). */
export function endStream(eventId: string, streamId: string): Promise<void> {
  return apiSend(`${streamsPath(eventId)}/${encodeURIComponent(streamId)}`, { method: 'DELETE' });
}

/** GET /api/events/{eventId}/streams/auth: a short-lived token for the event's room and where to use it. */
export function getStreamsAuth(eventId: string, signal?: AbortSignal): Promise<StreamsAuth> {
  return apiFetch<StreamsAuth>(`${streamsPath(eventId)}/auth`, { signal });
}
