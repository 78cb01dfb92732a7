import { eventIdFromSlug } from '@convene/contract';
import FullscreenIcon from '@mui/icons-material/Fullscreen';
import FullscreenExitIcon from '@mui/icons-material/FullscreenExit';
import PauseIcon from '@mui/icons-material/Pause';
import PlayArrowIcon from '@mui/icons-material/PlayArrow';
import VolumeOffIcon from '@mui/icons-material/VolumeOff';
import VolumeUpIcon from '@mui/icons-material/VolumeUp';
import { Alert, Avatar, Box, Button, IconButton, Stack, Tooltip, Typography } from '@mui/material';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { usePageTitle } from '../../components/usePageTitle.ts';
import { type MediaSession, watchStream } from './media/mediaSession.ts';
import { StreamHeader, StreamStatusOverlay } from './StreamChrome.tsx';
import { StreamVideo } from './StreamVideo.tsx';
import { refusalKey } from './streamErrors.ts';
import { eventPathOf } from './streamPaths.ts';
import { getStream, getStreamsAuth } from './streamsApi.ts';

/**
 * /events/{eventId}/streams/{streamId} and …/watch/{streamId}: the viewer screen (PRODUCT.md §2.2
 * Live streams, §2.4 Streams): play/pause, mute, full screen. The viewer leaves, with a message,
 * when the stream ends (the event's realtime message refreshes it) or the connection drops.
 */
export function ViewerScreen() {
  const { t } = useTranslation();
  const { slug = '', streamId = '' } = useParams();
  const eventId = eventIdFromSlug(slug);
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const eventPage = eventPathOf(pathname);
  const { data: stream, error: loadError } = useQuery({
    queryKey: queryKeys.stream(eventId ?? '', streamId),
    queryFn: ({ signal }) => getStream(eventId ?? '', streamId, signal),
    enabled: eventId !== null,
    retry: false,
  });
  const [media, setMedia] = useState<MediaStream | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [isPlaying, setIsPlaying] = useState(true);
  const [isMuted, setIsMuted] = useState(false);
  const [isSoundBlocked, setIsSoundBlocked] = useState(false);
  const [isFullScreen, setIsFullScreen] = useState(false);
  const videoRef = useRef<HTMLVideoElement | null>(null);
  const frameRef = useRef<HTMLDivElement | null>(null);
  const hasLeft = useRef(false);
  usePageTitle(stream?.info.streamName ?? t('streams.live'));

  const leave = useCallback(
    (reason: 'ended' | 'dropped') => {
      if (hasLeft.current) return;
      hasLeft.current = true;
      showSnackbar(t(reason === 'ended' ? 'streams.watch.ended' : 'streams.watch.dropped'), {
        severity: 'info',
      });
      void navigate(eventPage, { replace: true });
    },
    [eventPage, navigate, showSnackbar, t],
  );

  const isLive = stream?.status === 'live';
  useEffect(() => {
    if (stream && !isLive) leave('ended');
  }, [stream, isLive, leave]);

  // Connect once the stream is known to be live; closing the screen closes the connection.
  useEffect(() => {
    if (!isLive || eventId === null) return;
    let isCancelled = false;
    let session: MediaSession | null = null;
    void (async () => {
      try {
        const auth = await getStreamsAuth(eventId);
        const opened = await watchStream({
          auth,
          streamId,
          onMedia: (arrived) => {
            if (!isCancelled) setMedia(arrived);
          },
          onDropped: () => {
            if (!isCancelled) leave('dropped');
          },
        });
        if (isCancelled) await opened.close();
        else session = opened;
      } catch (error) {
        if (!isCancelled) setRefusal(refusalKey(error));
      }
    })();
    return () => {
      isCancelled = true;
      void session?.close();
    };
  }, [eventId, streamId, isLive, leave]);

  // Sound needs a gesture in some browsers: play muted then, and say how to hear it.
  useEffect(() => {
    const video = videoRef.current;
    if (!video || !media) return;
    video.play().catch(() => {
      video.muted = true;
      setIsMuted(true);
      setIsSoundBlocked(true);
      void video.play().catch(() => setIsPlaying(false));
    });
  }, [media]);

  useEffect(() => {
    const onChange = () => setIsFullScreen(document.fullscreenElement === frameRef.current);
    document.addEventListener('fullscreenchange', onChange);
    return () => document.removeEventListener('fullscreenchange', onChange);
  }, []);

  if (eventId === null || (loadError instanceof ApiError && loadError.status === 404)) {
    return <Navigate to="/404" replace />;
  }
  // Someone who sees the event but may not watch (no RSVP of yes or maybe) is told why.
  const shownRefusal = refusal ?? (loadError ? refusalKey(loadError) : null);

  const togglePlay = () => {
    const video = videoRef.current;
    if (!video) return;
    if (video.paused) {
      void video.play().then(() => setIsPlaying(true));
    } else {
      video.pause();
      setIsPlaying(false);
    }
  };
  const toggleMute = () => {
    const video = videoRef.current;
    if (!video) return;
    video.muted = !isMuted;
    setIsMuted(!isMuted);
    setIsSoundBlocked(false);
  };
  const toggleFullScreen = () => {
    if (document.fullscreenElement) void document.exitFullscreen();
    else void frameRef.current?.requestFullscreen();
  };

  const initiator = stream?.info.initiator;
  const controls = [
    {
      label: t(isPlaying ? 'streams.watch.pause' : 'streams.watch.play'),
      icon: isPlaying ? <PauseIcon /> : <PlayArrowIcon />,
      onClick: togglePlay,
    },
    {
      label: t(isMuted ? 'streams.watch.unmute' : 'streams.watch.mute'),
      icon: isMuted ? <VolumeOffIcon /> : <VolumeUpIcon />,
      onClick: toggleMute,
    },
    {
      label: t(isFullScreen ? 'streams.watch.exitFullScreen' : 'streams.watch.fullScreen'),
      icon: isFullScreen ? <FullscreenExitIcon /> : <FullscreenIcon />,
      onClick: toggleFullScreen,
    },
  ];

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', pb: 4 }}>
      <StreamHeader
        name={stream?.info.streamName ?? ''}
        isLive={isLive}
        backLabel={t('streams.watch.back')}
        onBack={() => void navigate(eventPage)}
      />
      {initiator ? (
        <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center', mb: 2 }}>
          <Avatar src={initiator.imageLink ?? undefined} alt="" sx={{ width: 32, height: 32 }}>
            {initiator.name.slice(0, 1)}
          </Avatar>
          <Typography color="text.secondary">{t('streams.watch.by', { name: initiator.name })}</Typography>
        </Stack>
      ) : null}
      {shownRefusal ? (
        <Alert
          severity="warning"
          action={
            <Button color="inherit" size="small" onClick={() => void navigate(eventPage, { replace: true })}>
              {t('streams.watch.back')}
            </Button>
          }
        >
          {errorText(shownRefusal)}
        </Alert>
      ) : (
        <Box ref={frameRef} sx={{ position: 'relative', bgcolor: 'common.black', borderRadius: 2 }}>
          <StreamVideo media={media} isMuted={isMuted} label={t('streams.watch.video')} videoRef={videoRef} />
          {media ? null : <StreamStatusOverlay text={t('streams.watch.connecting')} />}
          <Stack
            direction="row"
            spacing={1}
            sx={{
              position: 'absolute',
              left: 8,
              bottom: 8,
              p: 0.5,
              borderRadius: 6,
              bgcolor: 'rgba(0,0,0,0.6)',
            }}
          >
            {controls.map((control) => (
              <Tooltip key={control.label} title={control.label}>
                <IconButton
                  aria-label={control.label}
                  onClick={control.onClick}
                  disabled={!media}
                  sx={{ color: 'common.white' }}
                >
                  {control.icon}
                </IconButton>
              </Tooltip>
            ))}
          </Stack>
        </Box>
      )}
      {isSoundBlocked ? (
        <Alert severity="info" sx={{ mt: 2 }}>
          {t('streams.watch.tapToUnmute')}
        </Alert>
      ) : null}
    </Box>
  );
}
