import { limits } from '@convene/contract';
import ClearIcon from '@mui/icons-material/Clear';
import SearchIcon from '@mui/icons-material/Search';
import { IconButton, InputAdornment } from '@mui/material';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toSearchQuery } from './searchQuery.ts';
import { TextInput } from './TextInput.tsx';
import { useDebouncedValue } from './useDebouncedValue.ts';

interface SearchBarProps {
  /** Called with the debounced query: '' until the text reaches minChars. */
  onSearch: (query: string) => void;
  label?: string;
  /** Minimum characters before a search starts (spec: 4); 0 searches from the first one. */
  minChars?: number;
  debounceMs?: number;
}

/** A labelled search box that reports its query after a pause in typing. */
export function SearchBar({
  onSearch,
  label,
  minChars = limits.searchMinChars,
  debounceMs = limits.searchDebounceMs,
}: SearchBarProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const query = useDebouncedValue(toSearchQuery(text, minChars), debounceMs);
  const isTooShort = text.trim().length > 0 && text.trim().length < minChars;

  useEffect(() => {
    onSearch(query);
  }, [query, onSearch]);

  return (
    // type="text" with the searchbox role: type="search" would add the browser's own clear
    // button beside ours; Escape still clears, as in a native search field.
    <TextInput
      type="text"
      value={text}
      onChange={(event) => setText(event.target.value)}
      onKeyDown={(event) => {
        if (event.key === 'Escape' && text) {
          event.preventDefault();
          setText('');
        }
      }}
      label={label ?? t('common.search')}
      helperText={isTooShort ? t('common.searchMinChars', { count: minChars }) : undefined}
      size="small"
      inputProps={{ role: 'searchbox', enterKeyHint: 'search' }}
      startAdornment={
        <InputAdornment position="start">
          <SearchIcon aria-hidden />
        </InputAdornment>
      }
      endAdornment={
        text ? (
          <InputAdornment position="end">
            <IconButton
              aria-label={t('common.clearSearch')}
              onClick={() => setText('')}
              edge="end"
              size="small"
            >
              <ClearIcon fontSize="small" />
            </IconButton>
          </InputAdornment>
        ) : undefined
      }
    />
  );
}
