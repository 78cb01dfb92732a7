import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import { Box, Button, FormHelperText, FormLabel, LinearProgress, Typography } from '@mui/material';
import { type ChangeEvent, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { uploadErrorKey, uploadImage } from '../../api/upload.ts';
import { ImageCropper } from '../../components/ImageCropper.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { CoverImage } from './CoverImage.tsx';

/** Width over height of a calendar cover (PRODUCT.md §1.9). */
const coverAspect = 2;

type Cover = { url: string; croppedUrl: string };

interface CoverFieldProps {
  value: Cover | null;
  /** The calendar's colour, behind a missing cover. */
  color: string;
  error?: string;
  disabled?: boolean;
  onChange: (cover: Cover | null) => void;
  /** True while an image is being uploaded (the form waits for it before saving). */
  onBusyChange: (isBusy: boolean) => void;
}

/**
 * The cover image: choose a file, crop it to 2:1, and store both the crop and the full image
 * through the media pipeline (PRODUCT.md §1.2 cover-image upload: choose, crop, store).
 */
export function CoverField({ value, color, error, disabled, onChange, onBusyChange }: CoverFieldProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const labelId = useId();
  const helperId = useId();
  const input = useRef<HTMLInputElement>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [uploadError, setUploadError] = useState<string | null>(null);
  const isUploading = progress !== null;

  const handleChoose = (event: ChangeEvent<HTMLInputElement>) => {
    const chosen = event.target.files?.[0] ?? null;
    // The same file may be chosen again after a cancelled crop.
    event.target.value = '';
    if (!chosen) return;
    setUploadError(null);
    setFile(chosen);
  };

  const handleCrop = async (cropped: Blob) => {
    const original = file;
    setFile(null);
    onBusyChange(true);
    setProgress(0);
    try {
      const croppedUrl = await uploadImage(cropped, 'cover', { onProgress: (part) => setProgress(part / 2) });
      // The full image is the original, scaled down by the server; the card falls back to it.
      const url = original
        ? await uploadImage(original, 'cover', {
            fileName: original.name,
            onProgress: (part) => setProgress(0.5 + part / 2),
          })
        : croppedUrl;
      onChange({ url, croppedUrl });
    } catch (failure) {
      setUploadError(uploadErrorKey(failure));
    } finally {
      setProgress(null);
      onBusyChange(false);
    }
  };

  const message = uploadError ? errorText(uploadError) : error;
  return (
    <Box>
      <FormLabel id={labelId} sx={{ display: 'block', mb: 1, fontWeight: 600 }}>
        {t('calendar.form.cover')}
      </FormLabel>
      <Box
        sx={{
          position: 'relative',
          maxWidth: 480,
          borderRadius: 3,
          overflow: 'hidden',
          border: value ? 0 : '2px dashed',
          borderColor: message ? 'error.main' : 'divider',
        }}
      >
        {value ? (
          <CoverImage cover={value} color={color} />
        ) : (
          <Box
            sx={{
              aspectRatio: '2 / 1',
              display: 'flex',
              flexDirection: 'column',
              alignItems: 'center',
              justifyContent: 'center',
              gap: 1,
              bgcolor: 'background.default',
              color: 'text.secondary',
            }}
          >
            <AddPhotoAlternateOutlinedIcon sx={{ fontSize: 40 }} aria-hidden />
            <Typography variant="body2">{t('calendar.form.noCover')}</Typography>
          </Box>
        )}
        {isUploading ? (
          <Box
            sx={{ position: 'absolute', insetInline: 0, bottom: 0, bgcolor: 'rgba(255,255,255,0.9)', p: 1.5 }}
          >
            <Typography variant="body2" role="status" sx={{ mb: 0.5 }}>
              {t('calendar.form.uploading')}
            </Typography>
            <LinearProgress variant="determinate" value={(progress ?? 0) * 100} aria-labelledby={labelId} />
          </Box>
        ) : null}
      </Box>
      <Box sx={{ display: 'flex', gap: 1, mt: 1.5, flexWrap: 'wrap' }}>
        <Button
          variant="outlined"
          startIcon={<AddPhotoAlternateOutlinedIcon />}
          onClick={() => input.current?.click()}
          disabled={disabled || isUploading}
          aria-describedby={helperId}
        >
          {value ? t('calendar.form.changeCover') : t('calendar.form.addCover')}
        </Button>
        {value ? (
          <Button color="inherit" onClick={() => onChange(null)} disabled={disabled || isUploading}>
            {t('calendar.form.removeCover')}
          </Button>
        ) : null}
      </Box>
      <input
        ref={input}
        type="file"
        accept="image/png,image/jpeg"
        hidden
        aria-labelledby={labelId}
        onChange={handleChoose}
      />
      <FormHelperText id={helperId} error={Boolean(message)} role={message ? 'alert' : undefined}>
        {message ?? t('calendar.form.coverHint')}
      </FormHelperText>
      <ImageCropper
        file={file}
        aspect={coverAspect}
        initialCoverage={1}
        title={t('calendar.form.cropTitle')}
        onCancel={() => setFile(null)}
        onCrop={(cropped) => void handleCrop(cropped)}
      />
    </Box>
  );
}
