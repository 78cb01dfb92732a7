import { Alert, Box, TextField } from '@mui/material';
import { useTranslation } from 'react-i18next';
import { InviteSearchResults } from './InviteSearchResults.tsx';
import type { FoundUser } from './inviteDialogState.ts';
import type { PersonSearch } from './usePersonSearch.ts';

interface PersonSearchBoxProps {
  search: PersonSearch;
  /** Whether a person is invited already (shown on their row and once chosen). */
  isInvited: (user: FoundUser) => boolean;
  disabled: boolean;
}

/** The body of an invite dialog: the name-or-e-mail field and, announced politely, what it found. */
export function PersonSearchBox({ search, isInvited, disabled }: PersonSearchBoxProps) {
  const { t } = useTranslation();
  return (
    <>
      <TextField
        autoFocus
        value={search.text}
        onChange={(event) => search.changeText(event.target.value)}
        label={t('inviteUsers.searchLabel')}
        autoComplete="off"
        disabled={disabled}
        sx={{ mt: 1 }}
      />
      <Box aria-live="polite" sx={{ minHeight: 72 }}>
        {search.searchFailed ? (
          <Alert severity="error" sx={{ my: 2 }}>
            {t('inviteUsers.searchFailed')}
          </Alert>
        ) : (
          <InviteSearchResults
            state={search.state}
            isInvited={isInvited}
            disabled={disabled}
            onSelect={search.select}
            onClearSelection={() => search.select(null)}
          />
        )}
      </Box>
    </>
  );
}
