import { type Event, eventPath, streamMessages, streamName } from '@convene/contract';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  MenuItem,
  Stack,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { useErrorText } from '../../components/useErrorText.ts';
import { useSession } from '../auth/useSession.ts';
import { handOverCamera, rememberBroadcast } from './broadcastHandoff.ts';
import {
  type Camera,
  type CameraProblem,
  cameraProblem,
  listCameras,
  openCamera,
  stopMedia,
} from './camera.ts';
import { broadcastPath } from './streamPaths.ts';
import { createStream } from './streamsApi.ts';

interface StreamCreateDialogProps {
  event: Event;
  open: boolean;
  onClose: () => void;
}

/**
 * The stream create dialog (PRODUCT.md §2.2 Live streams, §2.4 Streams): the camera (with a
 * preview), the feed name, Start streaming. It asks for the camera when opened; starting creates
 * the stream record and goes to the broadcaster screen, which publishes.
 */
export function StreamCreateDialog({ event, open, onClose }: StreamCreateDialogProps) {
  const { t } = useTranslation();
  const theme = useTheme();
  const isPhone = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const navigate = useNavigate();
  const errorText = useErrorText();
  const userId = useSession().account?.userId ?? '';
  const titleId = useId();
  const [cameras, setCameras] = useState<Camera[]>([]);
  const [deviceId, setDeviceId] = useState<string | null>(null);
  const [media, setMedia] = useState<MediaStream | null>(null);
  const [problem, setProblem] = useState<CameraProblem | null>(null);
  const [isOpening, setIsOpening] = useState(false);
  const [name, setName] = useState('');
  const [nameError, setNameError] = useState<string | null>(null);
  const [startError, setStartError] = useState<string | null>(null);
  const [isStarting, setIsStarting] = useState(false);
  const previewRef = useRef<HTMLVideoElement | null>(null);
  // The camera now open, for the clean-up of a close or of a camera change.
  const mediaRef = useRef<MediaStream | null>(null);
  const isHandedOver = useRef(false);

  const showCamera = useCallback(
    async (wanted: string | null) => {
      setIsOpening(true);
      setProblem(null);
      try {
        const opened = await openCamera(wanted);
        stopMedia(mediaRef.current);
        mediaRef.current = opened;
        setMedia(opened);
        const found = await listCameras((index) => t('streams.create.cameraNumber', { index }));
        setCameras(found);
        const used = opened.getVideoTracks()[0]?.getSettings().deviceId ?? found[0]?.deviceId ?? null;
        setDeviceId(used);
      } catch (error) {
        setProblem(cameraProblem(error));
      } finally {
        setIsOpening(false);
      }
    },
    [t],
  );

  useEffect(() => {
    if (!open) return;
    isHandedOver.current = false;
    void showCamera(null);
    return () => {
      // Closing without starting turns the camera off; a started stream's camera lives on.
      if (!isHandedOver.current) stopMedia(mediaRef.current);
      mediaRef.current = null;
      setMedia(null);
    };
  }, [open, showCamera]);

  useEffect(() => {
    if (previewRef.current) previewRef.current.srcObject = media;
  }, [media]);

  const handleSubmit = async (submit: FormEvent) => {
    submit.preventDefault();
    setStartError(null);
    const checked = streamName.safeParse(name);
    if (!checked.success) {
      setNameError(checked.error.issues[0]?.message ?? streamMessages.nameRequired);
      return;
    }
    setNameError(null);
    if (!media) {
      setProblem((current) => current ?? 'permission');
      return;
    }
    setIsStarting(true);
    const streamId = crypto.randomUUID();
    try {
      await createStream(event.eventId, { uid: userId, streamId, streamName: checked.data });
      const broadcast = { eventId: event.eventId, streamId, streamName: checked.data, deviceId };
      rememberBroadcast(broadcast);
      handOverCamera(streamId, media);
      isHandedOver.current = true;
      onClose();
      void navigate(broadcastPath(eventPath(event.name, event.eventId)), { state: { broadcast } });
    } catch (error) {
      // 'Maximum numbers of streams reached' and other refusals the server names; else: retry in 10 s.
      const isNamed = error instanceof ApiError && error.status < 500 && error.message.startsWith('streams.');
      if (isNamed && error.field === 'streamName') setNameError(error.message);
      else setStartError(isNamed ? (errorText(error.message) ?? '') : t('streams.errors.createFailed'));
    } finally {
      setIsStarting(false);
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby={titleId}
      fullScreen={isPhone}
      maxWidth="sm"
      fullWidth
    >
      <Box component="form" noValidate onSubmit={(submit) => void handleSubmit(submit)}>
        <DialogTitle id={titleId}>{t('streams.create.title')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2.5} sx={{ pt: 1 }}>
            <Box
              sx={{
                position: 'relative',
                aspectRatio: '16 / 9',
                bgcolor: 'grey.900',
                borderRadius: 2,
                overflow: 'hidden',
                display: 'grid',
                placeItems: 'center',
              }}
            >
              <Box
                component="video"
                ref={previewRef}
                autoPlay
                muted
                playsInline
                aria-label={t('streams.create.preview')}
                sx={{ width: '100%', height: '100%', objectFit: 'cover', display: media ? 'block' : 'none' }}
              />
              {isOpening ? (
                <CircularProgress
                  aria-label={t('streams.create.openingCamera')}
                  sx={{ position: 'absolute' }}
                />
              ) : null}
            </Box>
            {problem ? (
              <Alert
                severity="warning"
                action={
                  <Button color="inherit" size="small" onClick={() => void showCamera(deviceId)}>
                    {t('streams.create.tryAgain')}
                  </Button>
                }
              >
                {t(`streams.errors.camera.${problem}`)}
              </Alert>
            ) : null}
            <TextField
              select
              label={t('streams.create.camera')}
              value={cameras.some((camera) => camera.deviceId === deviceId) ? deviceId : ''}
              onChange={(change) => void showCamera(change.target.value)}
              disabled={cameras.length === 0 || isOpening || isStarting}
            >
              {cameras.map((camera) => (
                <MenuItem key={camera.deviceId} value={camera.deviceId}>
                  {camera.label}
                </MenuItem>
              ))}
            </TextField>
            <TextField
              label={t('streams.create.name')}
              value={name}
              onChange={(change) => setName(change.target.value)}
              error={nameError !== null}
              helperText={nameError ? errorText(nameError) : t('streams.create.nameHint')}
              slotProps={{ htmlInput: { maxLength: 80, autoComplete: 'off' } }}
              required
            />
            {startError ? <Alert severity="error">{startError}</Alert> : null}
          </Stack>
        </DialogContent>
        <DialogActions sx={{ px: 3, pb: 2 }}>
          <Button onClick={onClose} disabled={isStarting}>
            {t('streams.create.cancel')}
          </Button>
          <Button
            type="submit"
            variant="contained"
            disabled={isStarting || isOpening}
            aria-busy={isStarting}
            startIcon={isStarting ? <CircularProgress size={18} color="inherit" aria-hidden /> : undefined}
          >
            {t('streams.create.start')}
          </Button>
        </DialogActions>
      </Box>
    </Dialog>
  );
}
