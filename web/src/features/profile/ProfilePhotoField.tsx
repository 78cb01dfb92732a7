import { imageContentTypes } from '@convene/contract';
import DeleteOutlinedIcon from '@mui/icons-material/DeleteOutlined';
import PhotoCameraOutlinedIcon from '@mui/icons-material/PhotoCameraOutlined';
import { Box, Button, LinearProgress, Stack, Typography } from '@mui/material';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ImageCropper } from '../../components/ImageCropper.tsx';
import { useObjectUrl } from '../../components/useObjectUrl.ts';
import { ProfileAvatar } from './ProfileDetails.tsx';
import type { PhotoChange } from './useProfileQueries.ts';

interface ProfilePhotoFieldProps {
  name: string;
  /** The photo saved now. */
  currentUrl: string | null;
  photo: PhotoChange;
  onChange: (photo: PhotoChange) => void;
  /** Upload progress 0 to 1 while saving; null otherwise. */
  progress: number | null;
  disabled: boolean;
}

/** The profile photo: choose a file, crop it in a circle (spec default 50 %), or remove it. */
export function ProfilePhotoField({
  name,
  currentUrl,
  photo,
  onChange,
  progress,
  disabled,
}: ProfilePhotoFieldProps) {
  const { t } = useTranslation();
  const inputRef = useRef<HTMLInputElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const statusId = useId();
  const [chosenFile, setChosenFile] = useState<File | null>(null);
  const newUrl = useObjectUrl(photo.kind === 'new' ? photo.image : null);
  const shownUrl = photo.kind === 'new' ? newUrl : photo.kind === 'removed' ? null : currentUrl;

  const handleFileChange = (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0] ?? null;
    // Cleared so that choosing the same file again still opens the cropper.
    event.target.value = '';
    if (file) setChosenFile(file);
  };

  const handleCrop = (image: Blob) => {
    setChosenFile(null);
    onChange({ kind: 'new', image });
    buttonRef.current?.focus();
  };

  const handleRemove = () => onChange(currentUrl ? { kind: 'removed' } : { kind: 'unchanged' });

  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 3, flexWrap: 'wrap' }}>
      <ProfileAvatar name={name} imageLink={shownUrl} size={112} />
      <Stack spacing={1} sx={{ minWidth: 0, flex: '1 1 240px' }}>
        <Typography variant="subtitle2" component="p">
          {t('profile.fields.photo')}
        </Typography>
        <Stack direction="row" spacing={1} sx={{ flexWrap: 'wrap', rowGap: 1 }}>
          <Button
            ref={buttonRef}
            variant="outlined"
            startIcon={<PhotoCameraOutlinedIcon />}
            disabled={disabled}
            onClick={() => inputRef.current?.click()}
            aria-describedby={photo.kind === 'new' ? statusId : undefined}
          >
            {shownUrl ? t('profile.edit.changePhoto') : t('profile.edit.addPhoto')}
          </Button>
          <input
            ref={inputRef}
            type="file"
            hidden
            accept={imageContentTypes.join(',')}
            onChange={handleFileChange}
            aria-label={t('profile.fields.photo')}
          />
          {shownUrl ? (
            <Button
              color="inherit"
              startIcon={<DeleteOutlinedIcon />}
              onClick={handleRemove}
              disabled={disabled}
            >
              {t('profile.edit.removePhoto')}
            </Button>
          ) : null}
        </Stack>
        {photo.kind === 'new' && progress === null ? (
          <Typography id={statusId} variant="body2" color="text.secondary">
            {t('profile.edit.newPhoto')}
          </Typography>
        ) : null}
        {progress === null ? null : (
          <Box>
            <Typography variant="body2" color="text.secondary" role="status">
              {t('media.uploading', { percent: Math.round(progress * 100) })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={progress * 100}
              aria-label={t('media.uploading', { percent: Math.round(progress * 100) })}
              sx={{ mt: 0.5, maxWidth: 280 }}
            />
          </Box>
        )}
      </Stack>
      <ImageCropper
        file={chosenFile}
        aspect={1}
        cropShape="round"
        title={t('profile.edit.cropTitle')}
        onCancel={() => setChosenFile(null)}
        onCrop={handleCrop}
      />
    </Box>
  );
}
