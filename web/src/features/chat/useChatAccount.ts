import { useSession } from '../auth/useSession.ts';

/** The signed-in person's id (messages and participants are told apart by it). */
export function useMyId(): string | undefined {
  return useSession().account?.userId;
}
