import { type Event, eventPath } from '@convene/contract';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import {
  Avatar,
  Box,
  Chip,
  List,
  ListItemAvatar,
  ListItemButton,
  ListItemText,
  Typography,
} from '@mui/material';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useSession } from '../../auth/useSession.ts';
import { watchPath } from '../../streams/streamPaths.ts';

/**
 * The event's live streams (PRODUCT.md §2.2): each with its broadcaster's name and photo, opening
 * the viewer. A link's name is what it shows (feed, who, Live), so speech input finds it by its words.
 */
export function StreamsSection({ event }: { event: Event }) {
  const { t } = useTranslation();
  const myId = useSession().account?.userId;
  const streams = event.livestreams.streams;
  if (streams.length === 0) {
    return (
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5, py: 2, color: 'text.secondary' }}>
        <LiveTvOutlinedIcon aria-hidden />
        <Typography>{t('eventDetails.streams.empty')}</Typography>
      </Box>
    );
  }
  const page = eventPath(event.name, event.eventId);
  return (
    <List aria-label={t('eventDetails.streams.listLabel')} disablePadding>
      {streams.map((stream) => {
        const { initiator } = stream.info;
        const isMine = stream.userId === myId;
        return (
          <li key={stream.streamId}>
            <ListItemButton
              component={RouterLink}
              to={watchPath(page, stream.streamId)}
              sx={{ borderRadius: 2 }}
            >
              <ListItemAvatar>
                <Avatar src={initiator.imageLink ?? undefined} alt="" aria-hidden>
                  {initiator.name.slice(0, 1)}
                </Avatar>
              </ListItemAvatar>
              <ListItemText
                primary={stream.info.streamName}
                secondary={isMine ? t('streams.section.yours') : initiator.name}
                slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              />
              <Chip color="error" size="small" label={t('streams.live')} sx={{ ml: 1 }} />
            </ListItemButton>
          </li>
        );
      })}
    </List>
  );
}
