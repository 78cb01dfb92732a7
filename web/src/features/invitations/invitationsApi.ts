import type { userSearchAnswer } from '@convene/contract';
import { type Answer, apiFetch } from '../../api/client.ts';

/** GET /api/user?searchString=: people to invite, by name or whole e-mail address. */
export function searchUsers(searchString: string, signal?: AbortSignal) {
  return apiFetch<Answer<typeof userSearchAnswer>>('/api/user', { query: { searchString }, signal });
}
