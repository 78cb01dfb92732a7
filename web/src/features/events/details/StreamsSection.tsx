import type { Event } from '@convene/contract';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import { Box, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { streamName } from './eventDetails.ts';

/** The event's live streams (PRODUCT.md §2.2); watching and broadcasting come with the streams feature. */
export function StreamsSection({ event }: { event: Event }) {
  const { t } = useTranslation();
  const streams = event.livestreams.streams;
  if (streams.length === 0) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2, color: 'text.secondary' }}>
        <LiveTvOutlinedIcon aria-hidden />
        <Typography>{t('eventDetails.streams.empty')}</Typography>
      </Box>
    );
  }
  return (
    <Box
      component="ul"
      aria-label={t('eventDetails.streams.listLabel')}
      sx={{ listStyle: 'none', m: 0, p: 0 }}
    >
      {streams.map((stream, index) => (
        // Streams carry no id the page can rely on yet; their order is the server's.
        // biome-ignore lint/suspicious/noArrayIndexKey: see above
        <Box component="li" key={index} sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 1 }}>
          <LiveTvOutlinedIcon aria-hidden color="error" />
          <Typography>{streamName(stream) ?? t('eventDetails.streams.untitled')}</Typography>
        </Box>
      ))}
    </Box>
  );
}
