import { Box } from '@mui/material';
import { type Ref, useEffect, useRef } from 'react';

interface StreamVideoProps {
  media: MediaStream | null;
  label: string;
  isMuted: boolean;
  /** The broadcaster's self view reads like a mirror. */
  isMirrored?: boolean;
  videoRef?: Ref<HTMLVideoElement>;
}

/** A 16:9 video of a live stream (or the self view), letterboxed on black. */
export function StreamVideo({ media, label, isMuted, isMirrored = false, videoRef }: StreamVideoProps) {
  const ownRef = useRef<HTMLVideoElement | null>(null);
  useEffect(() => {
    if (ownRef.current && ownRef.current.srcObject !== media) ownRef.current.srcObject = media;
  }, [media]);
  return (
    <Box
      component="video"
      ref={(element: HTMLVideoElement | null) => {
        ownRef.current = element;
        if (typeof videoRef === 'function') videoRef(element);
        else if (videoRef) videoRef.current = element;
      }}
      autoPlay
      playsInline
      muted={isMuted}
      aria-label={label}
      sx={{
        display: 'block',
        width: '100%',
        aspectRatio: '16 / 9',
        bgcolor: 'common.black',
        borderRadius: 2,
        objectFit: 'contain',
        transform: isMirrored ? 'scaleX(-1)' : undefined,
      }}
    />
  );
}
