import type { Account, ProfileUpdateBody, UserProfile } from '@convene/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryKeys } from '../../api/queryKeys.ts';
import { uploadErrorKey, uploadImage } from '../../api/upload.ts';
import { useSession } from '../auth/useSession.ts';
import {
  changePassword,
  getUserProfile,
  reportUser,
  resendEmailConfirmation,
  saveNote,
  updateProfile,
} from './profileApi.ts';

/** Another user's profile as the viewer may see it; nothing is fetched while userId is null. */
export function useUserProfile(userId: string | null) {
  return useQuery({
    queryKey: queryKeys.userProfile(userId ?? ''),
    queryFn: ({ signal }) => getUserProfile(userId ?? '', signal),
    enabled: userId !== null,
    // Privacy switches can change at any time: each opening asks again.
    staleTime: 0,
  });
}

/** The photo of the profile being edited: unchanged, a new crop to upload, or removed. */
export type PhotoChange = { kind: 'unchanged' } | { kind: 'new'; image: Blob } | { kind: 'removed' };

/** A photo upload that failed; `key` is the i18n key of the reason. */
export class PhotoUploadError extends Error {
  constructor(readonly key: string) {
    super(key);
    this.name = 'PhotoUploadError';
  }
}

interface SaveProfileInput {
  body: ProfileUpdateBody;
  photo: PhotoChange;
  onProgress: (fraction: number) => void;
}

/**
 * Saves one's own profile: a new photo is uploaded first (its /media url goes in imageLink),
 * then PUT /api/accounts/{userId}. The account query is updated at once and refetched, so the
 * profile dot disappears as soon as the answer says hasUpdatedProfile.
 */
export function useSaveProfile() {
  const queryClient = useQueryClient();
  const { account } = useSession();
  return useMutation({
    mutationFn: async ({ body, photo, onProgress }: SaveProfileInput) => {
      if (!account) throw new Error('Not signed in');
      let imageLink: string | null | undefined;
      if (photo.kind === 'removed') imageLink = null;
      if (photo.kind === 'new') {
        try {
          imageLink = await uploadImage(photo.image, 'profile', { onProgress });
        } catch (error) {
          throw new PhotoUploadError(uploadErrorKey(error));
        }
      }
      const answer = await updateProfile(account.userId, {
        ...body,
        ...(imageLink === undefined ? {} : { imageLink }),
      });
      return { answer, imageLink };
    },
    onSuccess: async ({ answer, imageLink }, { body }) => {
      queryClient.setQueryData<Account>(queryKeys.account, (current) =>
        current
          ? {
              ...current,
              ...answer,
              name: body.name,
              imageLink: imageLink === undefined ? current.imageLink : imageLink,
              privacy: { ...current.privacy, ...body.privacy },
            }
          : current,
      );
      await queryClient.invalidateQueries({ queryKey: queryKeys.account });
    },
  });
}

/** POST /api/account/changepassword. */
export function useChangePassword() {
  return useMutation({ mutationFn: changePassword });
}

/** Mails the confirmation link again to the signed-in user's address. */
export function useResendConfirmation() {
  return useMutation({ mutationFn: resendEmailConfirmation });
}

/** Saves the viewer's private note about a user and updates the profile shown. */
export function useSaveNote(userId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (note: string) => saveNote(userId, { note }),
    onSuccess: ({ note }) => {
      queryClient.setQueryData<UserProfile>(queryKeys.userProfile(userId), (current) =>
        current ? { ...current, note } : current,
      );
    },
  });
}

/** Reports a user (201; 429 when the viewer already did). */
export function useReportUser(userId: string) {
  return useMutation({ mutationFn: (reason: string) => reportUser(userId, { reason }) });
}
