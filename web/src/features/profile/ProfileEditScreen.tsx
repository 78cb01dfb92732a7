import { limits, profileUpdateBody } from '@convene/contract';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Paper, Stack, TextField, Typography } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { EditBottomActions, EditTopBar } from '../../components/EditTopBar.tsx';
import { SettingCard } from '../../components/SettingCard.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { useUnsavedChangesPrompt } from '../../components/useUnsavedChangesPrompt.tsx';
import type { StoredAccount } from '../auth/sessionStorage.ts';
import { useSession } from '../auth/useSession.ts';
import { AccountActions } from './AccountActions.tsx';
import { EmailVerificationNotice } from './EmailVerificationNotice.tsx';
import { ProfilePhotoField } from './ProfilePhotoField.tsx';
import { profileSaveError, profileTextKeys } from './profileErrors.ts';
import { type ProfileFormOutput, type ProfileFormValues, profileFormValues } from './profileRules.ts';
import { type PhotoChange, PhotoUploadError, useSaveProfile } from './useProfileQueries.ts';

const profileFormSchema = profileUpdateBody.omit({ imageLink: true });

const privacySwitches = [
  ['email', 'profile.edit.privacyEmail'],
  ['phoneNumber', 'profile.edit.privacyPhone'],
  ['linkedIn', 'profile.edit.privacyLinkedIn'],
  ['facebook', 'profile.edit.privacyFacebook'],
] as const;

/** A name has no line breaks: Enter in its two-row field does nothing. */
const handleNameKeyDown = (event: KeyboardEvent) => {
  if (event.key === 'Enter') event.preventDefault();
};

/** /profile/edit for the signed-in account (the shell only shows it signed in). */
export function ProfileEditScreen() {
  const { account } = useSession();
  return account ? <ProfileEditForm account={account} /> : null;
}

/** Every field of the spec's profile form, Save with the photo uploaded first, and an unsaved-changes prompt. */
function ProfileEditForm({ account }: { account: StoredAccount }) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const navigate = useNavigate();
  const { showSnackbar } = useSnackbar();
  const save = useSaveProfile();
  const [photo, setPhoto] = useState<PhotoChange>({ kind: 'unchanged' });
  const [progress, setProgress] = useState<number | null>(null);
  usePageTitle(t('pages.profileEdit'));

  const {
    register,
    control,
    handleSubmit,
    setError,
    watch,
    formState: { errors, isDirty },
  } = useForm<ProfileFormValues, unknown, ProfileFormOutput>({
    resolver: zodResolver(profileFormSchema),
    defaultValues: profileFormValues(account),
  });
  const hasChanges = isDirty || photo.kind !== 'unchanged';
  const descriptionLength = (watch('description') ?? '').length;

  const unsaved = useUnsavedChangesPrompt(hasChanges);

  const handleLeave = () => navigate('/profile');

  const handleSave = handleSubmit((body) => {
    save.mutate(
      { body, photo, onProgress: setProgress },
      {
        onSuccess: () => {
          unsaved.release();
          showSnackbar(t(profileTextKeys.saved), { severity: 'success' });
          void navigate('/profile');
        },
        onError: (error) => {
          if (error instanceof PhotoUploadError) {
            showSnackbar(errorText(error.key) ?? '', { severity: 'error' });
            return;
          }
          const { field, key } = profileSaveError(error);
          if (field) setError(field, { message: key }, { shouldFocus: true });
          else showSnackbar(errorText(key) ?? '', { severity: 'error' });
        },
        onSettled: () => setProgress(null),
      },
    );
  });

  const textError = (message: string | undefined) => errorText(message);

  return (
    <Box sx={{ maxWidth: 720, pb: 4 }}>
      <EditTopBar
        title={t('profile.edit.title')}
        mode="edit"
        isSaving={save.isPending}
        onBack={handleLeave}
        onCancel={handleLeave}
        onSave={() => void handleSave()}
      />
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <Stack component="form" noValidate spacing={3} onSubmit={handleSave}>
          <ProfilePhotoField
            name={watch('name') || account.name}
            currentUrl={account.imageLink}
            photo={photo}
            onChange={setPhoto}
            progress={progress}
            disabled={save.isPending}
          />
          <TextField
            {...register('name')}
            label={t('profile.fields.name')}
            multiline
            rows={2}
            required
            autoComplete="name"
            onKeyDown={handleNameKeyDown}
            error={Boolean(errors.name)}
            helperText={textError(errors.name?.message)}
          />
          <TextField
            {...register('description')}
            label={t('profile.fields.description')}
            multiline
            rows={3}
            error={Boolean(errors.description)}
            helperText={
              <Box component="span" sx={{ display: 'flex', gap: 2 }}>
                <Box component="span" sx={{ flex: 1 }}>
                  {textError(errors.description?.message)}
                </Box>
                <Box
                  component="span"
                  sx={{ color: descriptionLength > limits.descriptionMax ? 'error.main' : undefined }}
                >
                  {t('profile.edit.descriptionCount', {
                    count: descriptionLength,
                    max: limits.descriptionMax,
                  })}
                </Box>
              </Box>
            }
          />
          <Stack spacing={1.5}>
            <TextField
              label={t('profile.fields.email')}
              value={account.email}
              helperText={t('profile.edit.emailHelp')}
              slotProps={{ input: { readOnly: true } }}
            />
            <EmailVerificationNotice />
          </Stack>
          <TextField
            {...register('contact.phoneNumber')}
            label={t('profile.fields.phone')}
            type="tel"
            autoComplete="tel"
            error={Boolean(errors.contact?.phoneNumber)}
            helperText={textError(errors.contact?.phoneNumber?.message)}
          />
          <TextField
            {...register('contact.linkedIn')}
            label={t('profile.fields.linkedIn')}
            error={Boolean(errors.contact?.linkedIn)}
            helperText={textError(errors.contact?.linkedIn?.message) ?? t('profile.edit.socialHelp')}
          />
          <TextField
            {...register('contact.facebook')}
            label={t('profile.fields.facebook')}
            error={Boolean(errors.contact?.facebook)}
            helperText={textError(errors.contact?.facebook?.message) ?? t('profile.edit.socialHelp')}
          />
          <Stack spacing={1.5}>
            <Box>
              <Typography variant="h6" component="h2">
                {t('profile.edit.privacyTitle')}
              </Typography>
              <Typography variant="body2" color="text.secondary">
                {t('profile.edit.privacyHelp')}
              </Typography>
            </Box>
            {privacySwitches.map(([field, label]) => (
              <Controller
                key={field}
                control={control}
                name={`privacy.${field}`}
                render={({ field: { value, onChange } }) => (
                  <SettingCard label={t(label)} checked={value ?? false} onChange={onChange} />
                )}
              />
            ))}
          </Stack>
        </Stack>
      </Paper>
      <EditBottomActions
        mode="edit"
        isSaving={save.isPending}
        onCancel={handleLeave}
        onSave={() => void handleSave()}
      />
      {/* Outside the form: the password dialog's own form would otherwise submit this one too. */}
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 }, mt: 3 }}>
        <AccountActions onLogout={unsaved.release} />
      </Paper>
      {unsaved.prompt}
    </Box>
  );
}
