import EventNoteOutlinedIcon from '@mui/icons-material/EventNoteOutlined';
import { Box, type SxProps, type Theme } from '@mui/material';
import { useState } from 'react';
import { coverSources } from './coverSources.ts';

interface CoverImageProps {
  cover: { croppedUrl: string; url: string } | null | undefined;
  /** The calendar's colour, shown when there is no cover (or none of its images loads). */
  color: string;
  sx?: SxProps<Theme>;
}

/** A calendar cover at 2:1: the cropped image, the full one if that fails, else a colour band. */
export function CoverImage({ cover, color, sx }: CoverImageProps) {
  const sources = coverSources(cover);
  const [failed, setFailed] = useState(0);
  const source = sources[failed];
  return (
    <Box
      sx={[
        {
          position: 'relative',
          aspectRatio: '2 / 1',
          overflow: 'hidden',
          background: `linear-gradient(135deg, ${color}, ${color}b3)`,
          display: 'flex',
          alignItems: 'center',
          justifyContent: 'center',
        },
        ...(Array.isArray(sx) ? sx : [sx]),
      ]}
    >
      {source ? (
        <Box
          component="img"
          key={source}
          src={source}
          alt=""
          loading="lazy"
          onError={() => setFailed((count) => count + 1)}
          sx={{ position: 'absolute', inset: 0, width: '100%', height: '100%', objectFit: 'cover' }}
        />
      ) : (
        <EventNoteOutlinedIcon aria-hidden sx={{ color: 'rgba(255,255,255,0.85)', fontSize: 48 }} />
      )}
    </Box>
  );
}
