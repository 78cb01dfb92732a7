import { userSearchAnswer } from '@convene/contract';
import { apiFetch } from '../../api/client.ts';

/** GET /api/user?searchString=: people to invite, by name or whole e-mail address. */
export function searchUsers(searchString: string, signal?: AbortSignal) {
  return apiFetch('/api/user', { query: { searchString }, schema: userSearchAnswer, signal });
}
