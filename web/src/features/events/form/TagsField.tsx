import { eventLimits } from '@convene/contract';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Chip, IconButton, TextField } from '@mui/material';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { visuallyHidden } from '../../../components/visuallyHidden.ts';
import { addTags, pendingTagText, type TagError } from './tagRules.ts';

interface TagsFieldProps {
  value: string[];
  onChange: (value: string[]) => void;
  disabled?: boolean;
}

/**
 * The event's tags as chips: Enter or a comma adds what was typed (trimmed, at most 50
 * characters, no duplicate ignoring case, at most eventLimits.tagsMax), Backspace in the empty
 * field removes the last one, and each chip has its own remove button.
 */
export function TagsField({ value, onChange, disabled }: TagsFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [error, setError] = useState<TagError | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const commit = (typed: string): boolean => {
    const result = addTags(value, typed);
    setError(result.error);
    if (result.added.length > 0) {
      onChange(result.tags);
      setAnnouncement(result.added.map((tag) => t('eventExtras.tags.added', { tag })).join(' '));
    }
    return result.error === null;
  };

  const remove = (index: number) => {
    const tag = value[index];
    if (tag === undefined) return;
    onChange(value.filter((_tag, position) => position !== index));
    setError(null);
    setAnnouncement(t('eventExtras.tags.removed', { tag }));
  };

  const handleTextChange = (typed: string) => {
    if (!typed.includes(',')) {
      setText(typed);
      return;
    }
    commit(typed.slice(0, typed.lastIndexOf(',')));
    setText(pendingTagText(typed).trimStart());
  };

  const handleKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Enter') {
      // Enter adds a tag; it must not submit the surrounding form.
      event.preventDefault();
      if (text.trim() !== '' && commit(text)) setText('');
    } else if (event.key === 'Backspace' && text === '' && value.length > 0) {
      event.preventDefault();
      remove(value.length - 1);
    }
  };

  const handleBlur = () => {
    if (text.trim() !== '' && commit(text)) setText('');
  };

  const errorText = error
    ? t(`eventExtras.tags.errors.${error}`, { count: eventLimits.tagsMax })
    : t('eventExtras.tags.hint');
  return (
    <Box>
      {value.length > 0 ? (
        <Box
          component="ul"
          sx={{ listStyle: 'none', p: 0, m: 0, mb: 1.5, display: 'flex', flexWrap: 'wrap', gap: 1 }}
        >
          {value.map((tag, index) => (
            <Box component="li" key={tag} sx={{ maxWidth: '100%' }}>
              <Chip
                sx={{ maxWidth: '100%', pr: 0.25 }}
                label={
                  <Box
                    component="span"
                    sx={{ display: 'inline-flex', alignItems: 'center', maxWidth: '100%' }}
                  >
                    <Box component="span" sx={{ overflow: 'hidden', textOverflow: 'ellipsis' }}>
                      {tag}
                    </Box>
                    <IconButton
                      size="small"
                      aria-label={t('eventExtras.tags.remove', { tag })}
                      onClick={() => remove(index)}
                      disabled={disabled}
                      sx={{ ml: 0.5, mr: -0.75, p: 0.25 }}
                    >
                      <CloseIcon fontSize="inherit" />
                    </IconButton>
                  </Box>
                }
              />
            </Box>
          ))}
        </Box>
      ) : null}
      <TextField
        label={t('eventExtras.tags.label')}
        value={text}
        onChange={(event) => handleTextChange(event.target.value)}
        onKeyDown={handleKeyDown}
        onBlur={handleBlur}
        disabled={disabled}
        error={error !== null}
        helperText={errorText}
        slotProps={{
          htmlInput: { autoComplete: 'off' },
          formHelperText: { role: error ? 'alert' : undefined },
        }}
        fullWidth
      />
      <Box sx={visuallyHidden} aria-live="polite">
        {announcement}
      </Box>
    </Box>
  );
}
