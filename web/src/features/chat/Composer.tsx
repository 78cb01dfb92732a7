import { chatLimits, imageContentTypes, videoContentTypes } from '@convene/contract';
import AddPhotoAlternateOutlinedIcon from '@mui/icons-material/AddPhotoAlternateOutlined';
import PhotoOutlinedIcon from '@mui/icons-material/PhotoOutlined';
import SendIcon from '@mui/icons-material/Send';
import VideocamOutlinedIcon from '@mui/icons-material/VideocamOutlined';
import {
  Box,
  Button,
  Chip,
  IconButton,
  LinearProgress,
  ListItemIcon,
  Menu,
  MenuItem,
  TextField,
  Tooltip,
  Typography,
} from '@mui/material';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UploadState } from './useSendMessage.ts';

/** A chosen photo or video with an id of its own (two files may share a name). */
interface Chosen {
  id: number;
  file: File;
}
let nextChosenId = 1;

interface ComposerProps {
  /** Sends the text and the chosen files; the box empties at once (messages show as pending). */
  onSend: (text: string, files: File[]) => void;
  /** When the viewer may not send, the reason shown instead of the box. */
  refusal?: string;
  /** The file being uploaded, with its cancel. */
  upload: UploadState | null;
  /** On phones, attaching first asks 'Video' or 'Photo' (the spec's mobile attachment menu). */
  isPhone: boolean;
}

/** What the file picker offers: photos, videos, or both (wide screens). */
const acceptOf = {
  photo: imageContentTypes.join(','),
  video: videoContentTypes.join(','),
  any: [...imageContentTypes, ...videoContentTypes].join(','),
} as const;

/** 'Type a message': Enter sends, Shift+Enter starts a new line; photos and videos are attached beside it. */
export function Composer({ onSend, refusal, upload, isPhone }: ComposerProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [files, setFiles] = useState<Chosen[]>([]);
  const [accept, setAccept] = useState<keyof typeof acceptOf>('any');
  const [menuAnchor, setMenuAnchor] = useState<HTMLElement | null>(null);
  const fileInput = useRef<HTMLInputElement>(null);
  const handlePick = (kind: keyof typeof acceptOf) => {
    setMenuAnchor(null);
    setAccept(kind);
    const input = fileInput.current;
    if (!input) return;
    // Set now, not on the next render: the picker opens within this click.
    input.accept = acceptOf[kind];
    input.click();
  };
  if (refusal) {
    return (
      <Box sx={{ p: 2, borderTop: 1, borderColor: 'divider' }}>
        <Typography color="text.secondary" role="note" sx={{ textAlign: 'center' }}>
          {refusal}
        </Typography>
      </Box>
    );
  }
  const submit = () => {
    if (!text.trim() && files.length === 0) return;
    onSend(
      text,
      files.map((chosen) => chosen.file),
    );
    setText('');
    setFiles([]);
  };
  return (
    <>
      {upload ? (
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, px: 2, pt: 1 }} role="status">
          <Typography variant="caption" noWrap sx={{ maxWidth: '40%' }}>
            {t('chat.composer.uploading', { name: upload.name })}
          </Typography>
          <LinearProgress
            variant="determinate"
            value={Math.round(upload.fraction * 100)}
            sx={{ flex: 1 }}
            aria-label={t('chat.composer.uploading', { name: upload.name })}
          />
          <Button
            size="small"
            onClick={upload.cancel}
            aria-label={t('chat.composer.cancelUpload', { name: upload.name })}
          >
            {t('common.cancel')}
          </Button>
        </Box>
      ) : null}
      {files.length > 0 ? (
        <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, px: 2, pt: 1 }}>
          {files.map((chosen) => (
            <Chip
              key={chosen.id}
              label={chosen.file.name}
              size="small"
              onDelete={() => setFiles((list) => list.filter((item) => item.id !== chosen.id))}
            />
          ))}
        </Box>
      ) : null}
      <Box
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          submit();
        }}
        sx={{ display: 'flex', alignItems: 'flex-end', gap: 1, p: 1.5, borderTop: 1, borderColor: 'divider' }}
      >
        <input
          ref={fileInput}
          type="file"
          accept={acceptOf[accept]}
          multiple
          hidden
          aria-label={t('chat.composer.attach')}
          onChange={(event) => {
            const chosen = [...(event.target.files ?? [])].map((file) => {
              nextChosenId += 1;
              return { id: nextChosenId, file };
            });
            setFiles((list) => [...list, ...chosen]);
            event.target.value = '';
          }}
        />
        <Tooltip title={t('chat.composer.attach')}>
          <IconButton
            aria-label={t('chat.composer.attach')}
            aria-haspopup={isPhone ? 'menu' : undefined}
            onClick={(event) => (isPhone ? setMenuAnchor(event.currentTarget) : handlePick('any'))}
          >
            <AddPhotoAlternateOutlinedIcon />
          </IconButton>
        </Tooltip>
        <Menu anchorEl={menuAnchor} open={menuAnchor !== null} onClose={() => setMenuAnchor(null)}>
          <MenuItem onClick={() => handlePick('video')}>
            <ListItemIcon>
              <VideocamOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {t('chat.composer.attachVideo')}
          </MenuItem>
          <MenuItem onClick={() => handlePick('photo')}>
            <ListItemIcon>
              <PhotoOutlinedIcon fontSize="small" />
            </ListItemIcon>
            {t('chat.composer.attachPhoto')}
          </MenuItem>
        </Menu>
        <TextField
          value={text}
          onChange={(event) => setText(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && !event.shiftKey && !event.nativeEvent.isComposing) {
              event.preventDefault();
              submit();
            }
          }}
          placeholder={t('chat.composer.placeholder')}
          slotProps={{
            htmlInput: { 'aria-label': t('chat.composer.placeholder'), maxLength: chatLimits.messageMax },
          }}
          multiline
          maxRows={6}
          size="small"
          fullWidth
        />
        <Tooltip title={t('chat.composer.send')}>
          <span>
            <IconButton
              type="submit"
              color="primary"
              aria-label={t('chat.composer.send')}
              disabled={!text.trim() && files.length === 0}
            >
              <SendIcon />
            </IconButton>
          </span>
        </Tooltip>
      </Box>
    </>
  );
}
