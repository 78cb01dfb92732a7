import { type Attachment, videoEmbedUrl } from '@convene/contract';
import DescriptionOutlinedIcon from '@mui/icons-material/DescriptionOutlined';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import { Box, Button, Link, Paper, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { AttachmentImage } from './AttachmentImage.tsx';
import { colorInputValue } from './attachmentItems.ts';
import { textSegments, videoPlayersIn } from './attachmentText.ts';

/** Links to other sites open in a new tab without giving it access to this page. */
const externalLink = { target: '_blank', rel: 'noopener noreferrer' } as const;

/** An embedded player of an allowed video host (the CSP's frame-src allows exactly these). */
function VideoPlayer({ src, title }: { src: string; title: string }) {
  return (
    <Box
      component="iframe"
      src={src}
      title={title}
      loading="lazy"
      allow="encrypted-media; picture-in-picture; fullscreen"
      allowFullScreen
      referrerPolicy="strict-origin-when-cross-origin"
      sx={{
        display: 'block',
        width: '100%',
        maxWidth: 720,
        aspectRatio: '16 / 9',
        border: 0,
        borderRadius: 2,
        bgcolor: 'grey.300',
      }}
    />
  );
}

function Unavailable() {
  const { t } = useTranslation();
  return (
    <Typography variant="body2" color="text.secondary">
      {t('eventExtras.unavailable')}
    </Typography>
  );
}

/** A text attachment: plain text with clickable links, then a player for each allowed video link. */
function TextAttachment({ text, position }: { text: string; position: number }) {
  const { t } = useTranslation();
  const players = videoPlayersIn(text);
  return (
    <Stack spacing={1.5}>
      <Typography variant="body1" sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>
        {textSegments(text).map((segment, index) =>
          segment.kind === 'link' ? (
            // biome-ignore lint/suspicious/noArrayIndexKey: segments are rebuilt from the same text.
            <Link key={index} href={segment.url} {...externalLink}>
              {segment.url}
            </Link>
          ) : (
            segment.text
          ),
        )}
      </Typography>
      {players.map((src) => (
        <VideoPlayer key={src} src={src} title={t('eventExtras.list.video', { position })} />
      ))}
    </Stack>
  );
}

/** One attachment as the details page shows it. */
function AttachmentView({ item, position }: { item: Attachment; position: number }) {
  const { t } = useTranslation();
  switch (item.type) {
    case 'text':
    case 'details':
      return <TextAttachment text={item.data.text} position={position} />;
    case 'video': {
      const src = videoEmbedUrl(item.data.url);
      return src ? (
        <VideoPlayer src={src} title={t('eventExtras.list.video', { position })} />
      ) : (
        <Unavailable />
      );
    }
    case 'image':
      return <AttachmentImage url={item.data.url} alt={t('eventExtras.list.image', { position })} />;
    case 'button': {
      const color = colorInputValue(item.data.color);
      return (
        <Button
          variant="contained"
          href={item.data.url}
          {...externalLink}
          endIcon={<OpenInNewIcon aria-hidden />}
          sx={(theme) => ({
            bgcolor: color,
            color: theme.palette.getContrastText(color),
            '&:hover': { bgcolor: color, filter: 'brightness(0.92)' },
            maxWidth: '100%',
            overflowWrap: 'anywhere',
          })}
        >
          {item.data.text}
        </Button>
      );
    }
    case 'document':
      return (
        <Paper
          variant="outlined"
          sx={{ p: 2, borderRadius: 2, display: 'flex', gap: 2, alignItems: 'flex-start' }}
        >
          <DescriptionOutlinedIcon color="action" aria-hidden sx={{ mt: 0.25 }} />
          <Box sx={{ minWidth: 0, flex: 1 }}>
            <Typography sx={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{item.data.title}</Typography>
            {item.data.description ? (
              <Typography variant="body2" color="text.secondary" sx={{ whiteSpace: 'pre-wrap', mt: 0.5 }}>
                {item.data.description}
              </Typography>
            ) : null}
            <Link
              href={item.data.url}
              download={item.data.fileName}
              {...externalLink}
              sx={{ display: 'inline-block', mt: 1, overflowWrap: 'anywhere' }}
            >
              {t('eventExtras.list.download', { fileName: item.data.fileName })}
            </Link>
          </Box>
        </Paper>
      );
    case 'twitter':
      // X no longer serves timelines by widget id, and its script is not allowed by our CSP.
      return (
        <Paper variant="outlined" sx={{ p: 2, borderRadius: 2 }}>
          <Typography sx={{ fontWeight: 600 }}>{t('eventExtras.list.twitter')}</Typography>
          <Unavailable />
        </Paper>
      );
  }
}

/** Every attachment of an event as the details page shows it (PRODUCT.md §2.2 Attachments). */
export function AttachmentList({ attachments }: { attachments: Attachment[] }) {
  const { t } = useTranslation();
  if (attachments.length === 0) return null;
  return (
    <Stack
      component="ul"
      spacing={2.5}
      aria-label={t('eventExtras.list.label')}
      sx={{ listStyle: 'none', p: 0, m: 0 }}
    >
      {attachments.map((item, index) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: attachments have no ids; their order is their identity.
        <Box component="li" key={index} sx={{ minWidth: 0 }}>
          <AttachmentView item={item} position={index + 1} />
        </Box>
      ))}
    </Stack>
  );
}
