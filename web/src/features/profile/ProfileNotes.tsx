import { noteBody, profileLimits } from '@convene/contract';
import { Box, Button, CircularProgress, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { useErrorText } from '../../components/useErrorText.ts';
import { profileTextKeys } from './profileErrors.ts';
import { useSaveNote } from './useProfileQueries.ts';

interface NotesEditorProps {
  userId: string;
  note: string;
  onDone: () => void;
}

/** Notes-edit mode of the profile dialog: the private note, up to 5 rows, Save and Cancel. */
export function NotesEditor({ userId, note, onDone }: NotesEditorProps) {
  const { t } = useTranslation();
  const errorText = useErrorText();
  const { showSnackbar } = useSnackbar();
  const [text, setText] = useState(note);
  const [errorKey, setErrorKey] = useState<string | undefined>();
  const save = useSaveNote(userId);

  const handleSave = () => {
    const parsed = noteBody.safeParse({ note: text });
    if (!parsed.success) {
      setErrorKey(parsed.error.issues[0]?.message);
      return;
    }
    save.mutate(parsed.data.note, {
      onSuccess: () => {
        showSnackbar(t('profile.dialog.noteSaved'), { severity: 'success' });
        onDone();
      },
      onError: () => showSnackbar(t(profileTextKeys.generic), { severity: 'error' }),
    });
  };

  return (
    <Stack spacing={1.5}>
      <TextField
        label={t('profile.dialog.notesLabel')}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setErrorKey(undefined);
        }}
        multiline
        minRows={2}
        maxRows={5}
        autoFocus
        error={errorKey !== undefined}
        helperText={errorText(errorKey) ?? t('profile.dialog.notesHelp')}
        slotProps={{ htmlInput: { maxLength: profileLimits.noteMax } }}
      />
      <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
        <Button onClick={onDone} disabled={save.isPending}>
          {t('common.cancel')}
        </Button>
        <Button
          variant="contained"
          onClick={handleSave}
          disabled={save.isPending}
          startIcon={save.isPending ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
        >
          {t('common.save')}
        </Button>
      </Box>
    </Stack>
  );
}

/** The saved private note, as its author reads it. */
export function NoteText({ note }: { note: string }) {
  return (
    <Typography
      sx={{
        whiteSpace: 'pre-line',
        overflowWrap: 'anywhere',
        bgcolor: 'action.hover',
        p: 1.5,
        borderRadius: 1,
      }}
    >
      {note}
    </Typography>
  );
}
