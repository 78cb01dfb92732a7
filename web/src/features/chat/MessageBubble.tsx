import { isVideoMediaUrl } from '@convene/contract';
import CloseIcon from '@mui/icons-material/Close';
import ErrorOutlineIcon from '@mui/icons-material/ErrorOutlineOutlined';
import { Box, Button, ButtonBase, Chip, Dialog, IconButton, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { MessageRow } from './chatModel.ts';
import { systemText } from './conversationPreview.ts';
import { MessageText } from './MessageText.tsx';
import { clockTime } from './time.ts';

type MessageItem = Extract<MessageRow, { kind: 'message' }>;

/** A system message as a centred chip. */
export function SystemChip({ row }: { row: Extract<MessageRow, { kind: 'system' }> }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', justifyContent: 'center', my: 1 }}>
      <Chip
        size="small"
        label={systemText(row.message, t)}
        sx={{ maxWidth: '100%', height: 'auto', '& .MuiChip-label': { whiteSpace: 'normal', py: 0.5 } }}
      />
    </Box>
  );
}

/** One message: the sender's name first in a group, text (markdown), media, time, failed mark. */
export function MessageBubble({ row, onRetry }: { row: MessageItem; onRetry: (clientKey: string) => void }) {
  const { t, i18n } = useTranslation();
  const failed = row.pending?.status === 'error';
  const sending = row.pending?.status === 'sending';
  return (
    <Box
      data-testid="chat-message"
      data-pending={row.pending ? row.pending.status : undefined}
      sx={{
        display: 'flex',
        flexDirection: 'column',
        alignItems: row.mine ? 'flex-end' : 'flex-start',
        mt: row.startsGroup ? 1.5 : 0.5,
        px: 2,
      }}
    >
      {row.startsGroup && !row.mine ? (
        <Typography variant="caption" color="text.secondary" sx={{ fontWeight: 600, px: 1 }}>
          {row.senderName}
        </Typography>
      ) : null}
      <Box
        sx={{
          // A video keeps its 240 px (and 12 px padding each side) on the narrowest phones too.
          maxWidth:
            row.media && isVideoMediaUrl(row.media)
              ? `max(min(80%, 560px), ${videoWidth + 24}px)`
              : 'min(80%, 560px)',
          px: 1.5,
          py: 1,
          borderRadius: 2,
          bgcolor: row.mine ? 'primary.main' : 'action.hover',
          color: row.mine ? 'primary.contrastText' : 'text.primary',
          overflowWrap: 'anywhere',
          border: failed ? 2 : 0,
          borderColor: 'error.main',
        }}
      >
        {row.media ? <MessageMedia url={row.media} /> : null}
        {row.text ? <MessageText text={row.text} /> : null}
        <Typography
          variant="caption"
          component="div"
          sx={{ textAlign: 'right', fontSize: '0.7rem', mt: 0.25 }}
        >
          {sending ? t('chat.composer.sending') : clockTime(row.createdDate, i18n.language)}
        </Typography>
      </Box>
      {failed && row.pending ? (
        <Box
          sx={{ display: 'flex', alignItems: 'center', gap: 0.5, color: 'error.main', mt: 0.25 }}
          role="alert"
        >
          <ErrorOutlineIcon fontSize="small" aria-hidden />
          <Typography variant="caption">{t('chat.composer.notSent')}</Typography>
          <Button size="small" color="error" onClick={() => onRetry(row.pending?.clientKey ?? '')}>
            {t('chat.composer.retry')}
          </Button>
        </Box>
      ) : null}
    </Box>
  );
}

/** The width of a message's video player; its height is kept for 16:9 before the video loads. */
const videoWidth = 240;

/**
 * A message's media: a video player 240 px wide, or a photo's 80 px preview (space kept while
 * it loads) that opens full size; 'This attachment is not available.' when it fails to load.
 */
function MessageMedia({ url }: { url: string }) {
  const { t } = useTranslation();
  const [isBroken, setIsBroken] = useState(false);
  const [isOpen, setIsOpen] = useState(false);
  if (isBroken) {
    return (
      <Typography variant="body2" sx={{ fontStyle: 'italic' }}>
        {t('chat.media.unavailable')}
      </Typography>
    );
  }
  if (isVideoMediaUrl(url)) {
    return (
      <Box
        component="video"
        controls
        preload="metadata"
        src={url}
        aria-label={t('chat.media.video')}
        onError={() => setIsBroken(true)}
        sx={{
          width: videoWidth,
          height: (videoWidth * 9) / 16,
          maxWidth: '100%',
          display: 'block',
          borderRadius: 1,
          mb: 0.5,
          bgcolor: 'common.black',
        }}
      />
    );
  }
  return (
    <>
      <ButtonBase
        onClick={() => setIsOpen(true)}
        aria-label={t('chat.media.open')}
        sx={{ borderRadius: 1, mb: 0.5 }}
      >
        <Box
          component="img"
          src={url}
          alt={t('chat.media.photo')}
          onError={() => setIsBroken(true)}
          sx={{
            width: 80,
            height: 80,
            objectFit: 'cover',
            borderRadius: 1,
            display: 'block',
            bgcolor: 'action.selected',
          }}
        />
      </ButtonBase>
      <Dialog open={isOpen} onClose={() => setIsOpen(false)} maxWidth="lg" aria-label={t('chat.media.photo')}>
        <IconButton
          onClick={() => setIsOpen(false)}
          aria-label={t('chat.media.close')}
          sx={{ position: 'absolute', top: 8, right: 8, bgcolor: 'background.paper' }}
        >
          <CloseIcon />
        </IconButton>
        <Box
          component="img"
          src={url}
          alt={t('chat.media.photo')}
          sx={{ maxWidth: '100%', maxHeight: '85vh', display: 'block' }}
        />
      </Dialog>
    </>
  );
}
