import { eventIdFromSlug } from '@convene/contract';
import MicIcon from '@mui/icons-material/Mic';
import MicOffIcon from '@mui/icons-material/MicOff';
import StopCircleOutlinedIcon from '@mui/icons-material/StopCircleOutlined';
import { Alert, Box, Button, Stack } from '@mui/material';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { ApiError } from '../../api/ApiError.ts';
import { ConfirmDialog } from '../../components/ConfirmDialog.tsx';
import { useNavigationBlocker } from '../../components/navigationGuard.tsx';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { usePageTitle } from '../../components/usePageTitle.ts';
import {
  type Broadcast,
  broadcastFromState,
  forgetBroadcast,
  hasHandedCamera,
  rememberedBroadcast,
  takeHandedCamera,
} from './broadcastHandoff.ts';
import { cameraProblem, openCamera, stopMedia } from './camera.ts';
import { MediaRequestError, type MediaSession, publishStream } from './media/mediaSession.ts';
import { StreamHeader, StreamStatusOverlay } from './StreamChrome.tsx';
import { StreamVideo } from './StreamVideo.tsx';
import { eventPathOf } from './streamPaths.ts';
import { endStream, getStream, getStreamsAuth } from './streamsApi.ts';

type Phase = 'connecting' | 'live' | 'resuming' | 'failed';

/** The server says the stream is over (its record or the media plane: 404/410). */
function isEndedAnswer(error: unknown): boolean {
  return (
    (error instanceof MediaRequestError || error instanceof ApiError) && [404, 410].includes(error.status)
  );
}

/**
 * {event path}/stream: the broadcaster screen (PRODUCT.md §2.2 Live streams, §2.4 Streams). It
 * publishes the camera as the stream the create dialog made; mute/unmute; Stop (confirmed) ends
 * the stream and returns to the event; leaving the screen any other way asks the same and ends
 * it. A reload resumes the tab's stream while the server still holds it (its grace).
 */
export function BroadcasterScreen() {
  const { slug = '' } = useParams();
  const eventId = eventIdFromSlug(slug);
  const location = useLocation();
  const broadcast = broadcastFromState(location.state) ?? (eventId ? rememberedBroadcast(eventId) : null);
  if (!eventId || !broadcast || broadcast.eventId !== eventId) {
    // Nothing to broadcast here (an old link, another tab's stream): the event page instead.
    return <Navigate to={`/events/${slug}`} replace />;
  }
  return <Broadcaster key={broadcast.streamId} broadcast={broadcast} />;
}

function Broadcaster({ broadcast }: { broadcast: Broadcast }) {
  const { t } = useTranslation();
  // Coming from the create dialog, its camera is handed over; without it this is a reload (whose
  // navigation state survives) or a return to the tab's stream: its record is checked first, and
  // a failure says resuming failed.
  const [isResume] = useState(() => !hasHandedCamera(broadcast.streamId));
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { showSnackbar } = useSnackbar();
  const [media, setMedia] = useState<MediaStream | null>(null);
  const [phase, setPhase] = useState<Phase>('connecting');
  const [problem, setProblem] = useState<string | null>(null);
  const [isMuted, setIsMuted] = useState(false);
  const [confirming, setConfirming] = useState<'stop' | null>(null);
  const [isStopping, setIsStopping] = useState(false);
  const sessionRef = useRef<MediaSession | null>(null);
  const isEnded = useRef(false);
  const isMounted = useRef(false);
  const eventPage = eventPathOf(pathname);
  usePageTitle(t('streams.broadcast.title', { name: broadcast.streamName }));

  /** Ends the stream for everyone (once): closes the media and the record, forgets the tab's broadcast. */
  const finish = useCallback(async () => {
    if (isEnded.current) return;
    isEnded.current = true;
    forgetBroadcast();
    await sessionRef.current?.close();
    await endStream(broadcast.eventId, broadcast.streamId).catch(() => undefined);
  }, [broadcast]);

  // Publish (and publish again when the connection drops: once, then the spec's failure text).
  useEffect(() => {
    let isCancelled = false;
    let camera: MediaStream | null = null;
    const start = async (attempt: 'first' | 'resume') => {
      try {
        if (attempt === 'first' && isResume) {
          const stream = await getStream(broadcast.eventId, broadcast.streamId);
          if (stream.status !== 'live') throw new MediaRequestError(410, 'streams.errors.ended');
        }
        camera ??= takeHandedCamera(broadcast.streamId) ?? (await openCamera(broadcast.deviceId));
        if (isCancelled) return;
        setMedia(camera);
        const auth = await getStreamsAuth(broadcast.eventId);
        const session = await publishStream({
          auth,
          streamId: broadcast.streamId,
          media: camera,
          onDropped: () => {
            if (isCancelled || isEnded.current) return;
            setPhase('resuming');
            void start('resume');
          },
        });
        if (isCancelled) {
          await session.close();
          return;
        }
        sessionRef.current = session;
        setPhase('live');
      } catch (error) {
        if (isCancelled) return;
        setPhase('failed');
        const isCameraRefused = error instanceof DOMException && cameraProblem(error) === 'permission';
        // Stopped meanwhile (by an editor, or past the server's grace): say so, not "use another browser".
        if (isEndedAnswer(error)) setProblem('streams.errors.ended');
        else if (attempt === 'resume' || isResume) setProblem('streams.errors.resumeFailed');
        else setProblem(isCameraRefused ? 'streams.errors.camera.permission' : 'streams.errors.createFailed');
      }
    };
    void start('first');
    return () => {
      isCancelled = true;
      stopMedia(camera);
    };
  }, [broadcast, isResume]);

  // Unmounting (leaving by any road the blocker let through) ends the stream. Checked a moment
  // later: React's development mode unmounts and mounts every screen once on purpose.
  useEffect(() => {
    isMounted.current = true;
    return () => {
      isMounted.current = false;
      setTimeout(() => {
        if (!isMounted.current) void finish();
      }, 0);
    };
  }, [finish]);

  // Closing or reloading the tab asks first; a reload resumes, a close ends after the server's grace.
  useEffect(() => {
    const handleBeforeUnload = (unload: BeforeUnloadEvent) => unload.preventDefault();
    window.addEventListener('beforeunload', handleBeforeUnload);
    return () => window.removeEventListener('beforeunload', handleBeforeUnload);
  }, []);

  const blocker = useNavigationBlocker(
    ({ currentLocation, nextLocation }) =>
      !isEnded.current && phase !== 'failed' && currentLocation.pathname !== nextLocation.pathname,
  );

  const toggleMute = () => {
    for (const track of media?.getAudioTracks() ?? []) track.enabled = isMuted;
    setIsMuted(!isMuted);
  };

  const stopAndLeave = async () => {
    setIsStopping(true);
    await finish();
    showSnackbar(t('streams.broadcast.stopped'), { severity: 'info' });
    if (blocker.state === 'blocked') blocker.proceed();
    else void navigate(eventPage, { replace: true });
  };

  const isAsking = confirming !== null || blocker.state === 'blocked';

  return (
    <Box sx={{ maxWidth: 960, mx: 'auto', pb: 4 }}>
      <StreamHeader
        name={broadcast.streamName}
        isLive={phase === 'live'}
        backLabel={t('streams.broadcast.back')}
        onBack={() =>
          phase === 'failed' ? void navigate(eventPage, { replace: true }) : setConfirming('stop')
        }
      />
      {problem ? (
        <Alert
          severity="error"
          sx={{ mb: 2 }}
          action={
            <Button color="inherit" size="small" onClick={() => void navigate(eventPage, { replace: true })}>
              {t('streams.broadcast.back')}
            </Button>
          }
        >
          {t(problem as 'streams.errors.createFailed')}
        </Alert>
      ) : null}
      <Box sx={{ position: 'relative' }}>
        <StreamVideo media={media} isMuted isMirrored label={t('streams.broadcast.selfView')} />
        {phase === 'connecting' || phase === 'resuming' ? (
          <StreamStatusOverlay
            isDimmed
            text={t(phase === 'resuming' ? 'streams.broadcast.resuming' : 'streams.broadcast.connecting')}
          />
        ) : null}
      </Box>
      <Stack
        direction="row"
        spacing={2}
        sx={{ mt: 2, justifyContent: 'center', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Button
          variant="outlined"
          startIcon={isMuted ? <MicOffIcon /> : <MicIcon />}
          onClick={toggleMute}
          aria-pressed={isMuted}
          disabled={!media}
        >
          {t(isMuted ? 'streams.broadcast.unmute' : 'streams.broadcast.mute')}
        </Button>
        <Button
          variant="contained"
          color="error"
          startIcon={<StopCircleOutlinedIcon />}
          onClick={() => setConfirming('stop')}
          disabled={phase === 'failed'}
        >
          {t('streams.broadcast.stop')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={isAsking}
        title={t(
          blocker.state === 'blocked' ? 'streams.broadcast.leaveTitle' : 'streams.broadcast.stopTitle',
        )}
        message={t('streams.broadcast.stopMessage')}
        isPending={isStopping}
        onConfirm={() => void stopAndLeave()}
        onCancel={() => {
          setConfirming(null);
          blocker.reset();
        }}
      />
    </Box>
  );
}
