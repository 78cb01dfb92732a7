import { ApiError } from '../../api/ApiError.ts';
import { MediaRequestError } from './media/mediaTypes.ts';

/** The i18n key of a refusal to watch: the server's own text when it named one, else by status. */
export function refusalKey(error: unknown): string {
  const status = error instanceof ApiError || error instanceof MediaRequestError ? error.status : 0;
  const message = error instanceof Error ? error.message : '';
  if (message.startsWith('streams.')) return message;
  if (status === 403) return 'streams.errors.rsvpRequired';
  if (status === 404 || status === 410) return 'streams.errors.ended';
  if (status === 429 || status === 503) return 'streams.errors.viewersFull';
  return 'streams.errors.joinFailed';
}
