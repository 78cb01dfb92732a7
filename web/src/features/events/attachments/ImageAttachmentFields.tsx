import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { Box, Button, LinearProgress, Stack, TextField, Typography } from '@mui/material';
import { type ChangeEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadErrorKey, uploadImage } from '../../../api/upload.ts';
import { useErrorText } from '../../../components/useErrorText.ts';
import { AttachmentImage } from './AttachmentImage.tsx';
import type { AttachmentFieldsProps } from './attachmentFieldsProps.ts';
import { withField } from './attachmentItems.ts';

/** An image attachment: upload a PNG or JPEG (stored as an 'event' image) or paste an https link. */
export function ImageAttachmentFields({
  item,
  onChange,
  errors,
  shouldShowError,
  onTouch,
  disabled,
  autoFocus,
  onBusyChange,
}: AttachmentFieldsProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const input = useRef<HTMLInputElement>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const url = item.type === 'image' ? item.data.url : '';
  const isUploading = progress !== null;

  const handleChoose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setUploadError(null);
    setProgress(0);
    onBusyChange(true);
    try {
      const uploaded = await uploadImage(file, 'event', { fileName: file.name, onProgress: setProgress });
      onChange(withField(item, 'url', uploaded));
    } catch (failure) {
      setUploadError(uploadErrorKey(failure));
    } finally {
      setProgress(null);
      onBusyChange(false);
    }
  };

  const fieldError = shouldShowError('url') ? errorText(errors.url) : undefined;
  const message = uploadError ? errorText(uploadError) : fieldError;
  return (
    <Stack spacing={1.5}>
      {url && !errors.url ? (
        <Box sx={{ maxWidth: 320 }}>
          <AttachmentImage
            url={url}
            alt={t('eventExtras.attachments.preview', { name: t('eventExtras.attachments.types.image') })}
          />
        </Box>
      ) : null}
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <TextField
          label={t('eventExtras.attachments.fields.imageUrl')}
          type="url"
          value={url}
          onChange={(event) => onChange(withField(item, 'url', event.target.value))}
          onBlur={() => onTouch('url')}
          error={Boolean(message)}
          helperText={message ?? t('eventExtras.attachments.fields.imageUrlHint')}
          disabled={disabled || isUploading}
          autoFocus={autoFocus}
          slotProps={{ formHelperText: { role: uploadError ? 'alert' : undefined } }}
          sx={{ flex: '1 1 260px' }}
        />
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlinedIcon />}
          onClick={() => input.current?.click()}
          disabled={disabled || isUploading}
          sx={{ mt: 1 }}
        >
          {t('eventExtras.attachments.fields.upload')}
        </Button>
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg"
          hidden
          aria-label={t('eventExtras.attachments.fields.upload')}
          onChange={(event) => void handleChoose(event)}
        />
      </Box>
      {isUploading ? (
        <Box>
          <Typography variant="body2" role="status">
            {t('eventExtras.attachments.fields.uploading')}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={(progress ?? 0) * 100}
            aria-label={t('eventExtras.attachments.fields.uploading')}
          />
        </Box>
      ) : null}
    </Stack>
  );
}
