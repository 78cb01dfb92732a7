import ZoomInIcon from '@mui/icons-material/ZoomIn';
import ZoomOutIcon from '@mui/icons-material/ZoomOut';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  IconButton,
  Slider,
  Stack,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useEffect, useId, useRef, useState } from 'react';
import Cropper, { type Area, type Point } from 'react-easy-crop';
import { useTranslation } from 'react-i18next';
import { checkImageFile, fileHeadBytes, initialZoom, renderCrop } from './cropImage.ts';
import { loadCropSource } from './loadCropSource.ts';
import { useErrorText } from './useErrorText.ts';

const maxZoom = 4;
const zoomStep = 0.1;

interface ImageCropperProps {
  /** The file the person chose; null keeps the dialog closed. */
  file: File | null;
  /** Width over height of the result: 1 for profile and group photos, 2 for calendar covers. */
  aspect: number;
  /** 'round' shows a circular guide (profile photos); the result is square either way. */
  cropShape?: 'round' | 'rect';
  /** Side of the first crop as a fraction of the largest crop that fits (spec default 50 %). */
  initialCoverage?: number;
  /** Dialog title; 'Crop the image' when left out. */
  title?: string;
  onCancel: () => void;
  /** The cropped image: JPEG, at most 1200x675, EXIF orientation applied. */
  onCrop: (image: Blob) => void;
}

type Stage =
  | { kind: 'loading' }
  | { kind: 'error'; messageKey: string }
  | { kind: 'ready'; previewUrl: string };

/**
 * Crop dialog (PRODUCT.md §1.4, §1.9, §2.5): checks the chosen file (png or jpeg, at most
 * 20,000,000 bytes), shows it the right way up, lets the person move and zoom a crop of the
 * given aspect (mouse, touch, arrow keys, the labelled zoom slider) and answers a JPEG.
 */
export function ImageCropper({
  file,
  aspect,
  cropShape = 'rect',
  initialCoverage = 0.5,
  title,
  onCancel,
  onCrop,
}: ImageCropperProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const hintId = useId();
  const sliderLabelId = useId();
  const [stage, setStage] = useState<Stage>({ kind: 'loading' });
  const [crop, setCrop] = useState<Point>({ x: 0, y: 0 });
  const [zoom, setZoom] = useState(() => initialZoom(initialCoverage, maxZoom));
  const [isRendering, setIsRendering] = useState(false);
  const bitmapRef = useRef<ImageBitmap | null>(null);
  const areaRef = useRef<Area | null>(null);

  useEffect(() => {
    if (!file) return;
    let isCurrent = true;
    let previewUrl: string | null = null;
    setStage({ kind: 'loading' });
    setCrop({ x: 0, y: 0 });
    setZoom(initialZoom(initialCoverage, maxZoom));
    areaRef.current = null;
    const prepare = async () => {
      const head = new Uint8Array(await file.slice(0, fileHeadBytes).arrayBuffer());
      const problem = checkImageFile({ type: file.type, size: file.size, head });
      if (problem) return { kind: 'error', messageKey: problem } as const;
      const source = await loadCropSource(file);
      if (!source) return { kind: 'error', messageKey: 'media.errors.imageInvalid' } as const;
      if (!isCurrent) {
        source.bitmap.close();
        URL.revokeObjectURL(source.previewUrl);
        return null;
      }
      bitmapRef.current = source.bitmap;
      previewUrl = source.previewUrl;
      return { kind: 'ready', previewUrl: source.previewUrl } as const;
    };
    prepare().then(
      (next) => {
        if (isCurrent && next) setStage(next);
      },
      () => {
        if (isCurrent) setStage({ kind: 'error', messageKey: 'media.errors.imageInvalid' });
      },
    );
    return () => {
      isCurrent = false;
      bitmapRef.current?.close();
      bitmapRef.current = null;
      if (previewUrl) URL.revokeObjectURL(previewUrl);
    };
  }, [file, initialCoverage]);

  const handleCropComplete = (area: Area) => {
    areaRef.current = area;
  };

  const handleZoomBy = (delta: number) => {
    setZoom((current) => Math.min(maxZoom, Math.max(1, Math.round((current + delta) * 10) / 10)));
  };

  const handleApply = async () => {
    const bitmap = bitmapRef.current;
    const area = areaRef.current;
    if (!bitmap || !area) return;
    setIsRendering(true);
    try {
      onCrop(await renderCrop(bitmap, area));
    } catch {
      setStage({ kind: 'error', messageKey: 'media.errors.imageInvalid' });
    } finally {
      setIsRendering(false);
    }
  };

  return (
    <Dialog
      open={file !== null}
      onClose={isRendering ? undefined : onCancel}
      aria-labelledby={titleId}
      fullScreen={isNarrow}
      fullWidth
      maxWidth="sm"
    >
      <DialogTitle id={titleId}>{title ?? t('imageCropper.title')}</DialogTitle>
      <DialogContent>
        {stage.kind === 'error' ? (
          <Alert severity="error" role="alert">
            {errorText(stage.messageKey)}
          </Alert>
        ) : null}
        {stage.kind === 'loading' ? (
          <Box sx={{ height: { xs: 300, sm: 360 }, display: 'grid', placeItems: 'center' }}>
            <CircularProgress aria-label={t('common.loading')} />
          </Box>
        ) : null}
        {stage.kind === 'ready' ? (
          <>
            <Box
              sx={{
                position: 'relative',
                height: { xs: 300, sm: 360 },
                bgcolor: 'grey.900',
                borderRadius: 1,
                overflow: 'hidden',
              }}
            >
              <Cropper
                image={stage.previewUrl}
                crop={crop}
                zoom={zoom}
                minZoom={1}
                maxZoom={maxZoom}
                aspect={aspect}
                cropShape={cropShape}
                showGrid={cropShape === 'rect'}
                onCropChange={setCrop}
                onZoomChange={setZoom}
                onCropComplete={handleCropComplete}
                cropperProps={{
                  role: 'group',
                  'aria-label': t('imageCropper.cropArea'),
                  'aria-describedby': hintId,
                }}
                mediaProps={{ alt: '' }}
              />
            </Box>
            <Typography id={hintId} variant="body2" color="text.secondary" sx={{ mt: 1.5 }}>
              {t('imageCropper.hint')}
            </Typography>
            <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 1 }}>
              <Typography id={sliderLabelId} variant="body2" sx={{ minWidth: 48 }}>
                {t('imageCropper.zoom')}
              </Typography>
              <IconButton
                aria-label={t('imageCropper.zoomOut')}
                onClick={() => handleZoomBy(-0.5)}
                disabled={zoom <= 1}
              >
                <ZoomOutIcon />
              </IconButton>
              <Slider
                value={zoom}
                min={1}
                max={maxZoom}
                step={zoomStep}
                onChange={(_event, value) => setZoom(value as number)}
                aria-labelledby={sliderLabelId}
                getAriaValueText={(value) => t('imageCropper.zoomValue', { value: Math.round(value * 100) })}
                sx={{ flex: 1, mx: 1 }}
              />
              <IconButton
                aria-label={t('imageCropper.zoomIn')}
                onClick={() => handleZoomBy(0.5)}
                disabled={zoom >= maxZoom}
              >
                <ZoomInIcon />
              </IconButton>
            </Stack>
          </>
        ) : null}
      </DialogContent>
      <DialogActions>
        <Button onClick={onCancel} disabled={isRendering}>
          {t('common.cancel')}
        </Button>
        {stage.kind === 'error' ? null : (
          <Button
            variant="contained"
            onClick={() => void handleApply()}
            disabled={stage.kind !== 'ready' || isRendering}
            startIcon={isRendering ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
          >
            {t('imageCropper.apply')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
