import { type Calendar, type CalendarRole, effectivePermissions, limits } from '@convene/contract';
import CloseIcon from '@mui/icons-material/Close';
import {
  Alert,
  Box,
  Button,
  CircularProgress,
  Dialog,
  DialogActions,
  DialogContent,
  DialogTitle,
  Divider,
  IconButton,
  TextField,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { type InfiniteData, useQuery, useQueryClient } from '@tanstack/react-query';
import { type FormEvent, lazy, Suspense, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../api/config.ts';
import { queryKeys } from '../../api/queryKeys.ts';
import { useSnackbar } from '../../components/Snackbar.tsx';
import { toSearchQuery } from '../../components/searchQuery.ts';
import { useDebouncedValue } from '../../components/useDebouncedValue.ts';
import { inviteErrorKey, inviteNoticeKeys } from './calendarErrors.ts';
import { searchUsers } from './calendarsApi.ts';
import type { BotCheckHandle } from './InvisibleAltcha.tsx';
import { InviteRolePicker } from './InviteRolePicker.tsx';
import { InviteSearchResults } from './InviteSearchResults.tsx';
import {
  type FoundUser,
  grantableRoles,
  inviteDialogState,
  inviteTarget,
  isAlreadyInvited,
} from './inviteDialogState.ts';
import { useInviteMember } from './useInviteMember.ts';

const InvisibleAltcha = lazy(() =>
  import('./InvisibleAltcha.tsx').then((module) => ({ default: module.InvisibleAltcha })),
);

type PeoplePages = InfiniteData<{ users: { userId: string | null; email: string | null }[] }>;

interface InviteDialogProps {
  calendar: Calendar;
  open: boolean;
  onClose: () => void;
}

/** The invite dialog (spec §2/§4): find a person or type an e-mail, pick a role, confirm. */
export function InviteDialog({ calendar, open, onClose }: InviteDialogProps) {
  const theme = useTheme();
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const titleId = useId();
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={isNarrow}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
    >
      {open ? (
        <InviteDialogContent
          calendar={calendar}
          titleId={titleId}
          isFullScreen={isNarrow}
          onClose={onClose}
        />
      ) : null}
    </Dialog>
  );
}

function InviteDialogContent({
  calendar,
  titleId,
  isFullScreen,
  onClose,
}: {
  calendar: Calendar;
  titleId: string;
  isFullScreen: boolean;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const { showSnackbar } = useSnackbar();
  const { data: config } = useAppConfig();
  const botCheck = useRef<BotCheckHandle>(null);
  const [text, setText] = useState('');
  const [selected, setSelected] = useState<FoundUser | null>(null);
  const [role, setRole] = useState<CalendarRole>('member');
  const [isChecking, setIsChecking] = useState(false);
  const mutation = useInviteMember(calendar.calendarId);
  const isSending = isChecking || mutation.isPending;

  const debouncedQuery = useDebouncedValue(
    toSearchQuery(text, limits.searchMinChars),
    limits.searchDebounceMs,
  );
  const search = useQuery({
    queryKey: queryKeys.userSearch(debouncedQuery),
    queryFn: ({ signal }) => searchUsers(debouncedQuery, signal),
    enabled: debouncedQuery !== '',
    staleTime: 30_000,
  });
  const state = inviteDialogState({
    text,
    debouncedQuery,
    isFetching: search.isFetching,
    results: search.data,
    selected,
  });
  const target = inviteTarget(state, text);
  const roles = grantableRoles(effectivePermissions(calendar));
  const isRecaptcha = config?.captcha.provider === 'recaptcha';
  const searchFailed = search.isError && !search.isFetching && state.kind === 'fetching';

  // Everyone of this calendar the People tab has loaded; the server's 409 covers the rest.
  const knownPeople = queryClient
    .getQueriesData<PeoplePages>({ queryKey: queryKeys.calendarPeople(calendar.calendarId) })
    .flatMap(([, data]) => data?.pages.flatMap((page) => page.users) ?? []);
  const isInvited = (user: FoundUser) =>
    isAlreadyInvited({ kind: 'user', user, email: user.email }, knownPeople);

  const handleTextChange = (value: string) => {
    setText(value);
    setSelected(null);
  };

  const handleConfirm = async (event: FormEvent) => {
    event.preventDefault();
    if (!target || isSending) return;
    if (isAlreadyInvited(target, knownPeople)) {
      showSnackbar(t(inviteNoticeKeys.alreadyInvited), { severity: 'warning' });
      return;
    }
    setIsChecking(true);
    let recaptchaCode: string;
    try {
      recaptchaCode = (await botCheck.current?.solve()) ?? '';
    } catch {
      recaptchaCode = '';
    }
    setIsChecking(false);
    if (!recaptchaCode) {
      showSnackbar(t(inviteNoticeKeys.botCheckFailed), { severity: 'error' });
      return;
    }
    const who =
      target.kind === 'user'
        ? { userId: target.user.userId, name: target.user.name }
        : { email: target.email };
    mutation.mutate(
      { ...who, role, recaptchaCode },
      {
        onSuccess: () => {
          showSnackbar(t(inviteNoticeKeys.success), { severity: 'success' });
          onClose();
        },
        onError: (error) => {
          const key = inviteErrorKey(error);
          showSnackbar(t(key), { severity: key === inviteNoticeKeys.alreadyInvited ? 'warning' : 'error' });
        },
      },
    );
  };

  return (
    <Box component="form" noValidate onSubmit={handleConfirm} sx={{ display: 'contents' }}>
      <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box component="span" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
          {t('inviteUsers.title', { name: calendar.name })}
        </Box>
        {isFullScreen ? (
          <IconButton edge="end" aria-label={t('inviteUsers.close')} onClick={onClose} disabled={isSending}>
            <CloseIcon />
          </IconButton>
        ) : null}
      </DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          value={text}
          onChange={(event) => handleTextChange(event.target.value)}
          label={t('inviteUsers.searchLabel')}
          autoComplete="off"
          disabled={isSending}
          sx={{ mt: 1 }}
        />
        <Box aria-live="polite" sx={{ minHeight: 72 }}>
          {searchFailed ? (
            <Alert severity="error" sx={{ my: 2 }}>
              {t('inviteUsers.searchFailed')}
            </Alert>
          ) : (
            <InviteSearchResults
              state={state}
              text={text}
              isInvited={isInvited}
              disabled={isSending}
              onSelect={setSelected}
              onClearSelection={() => setSelected(null)}
            />
          )}
        </Box>
        <Divider sx={{ my: 2 }} />
        <InviteRolePicker roles={roles} value={role} onChange={setRole} disabled={isSending} />
        {isRecaptcha ? (
          <Alert severity="info" sx={{ mt: 2 }}>
            {t('auth.botCheck.recaptchaConfigured')}
          </Alert>
        ) : (
          <Suspense fallback={null}>
            <InvisibleAltcha ref={botCheck} language={i18n.resolvedLanguage ?? 'en'} />
          </Suspense>
        )}
      </DialogContent>
      <DialogActions sx={{ px: 3, pb: 2 }}>
        <Button onClick={onClose} disabled={isSending}>
          {t('common.cancel')}
        </Button>
        <Button
          type="submit"
          variant="contained"
          disabled={!target || isSending || isRecaptcha}
          aria-busy={isSending}
          startIcon={isSending ? <CircularProgress size={16} color="inherit" /> : undefined}
        >
          {isChecking ? t('inviteUsers.checking') : t('inviteUsers.confirm')}
        </Button>
      </DialogActions>
    </Box>
  );
}
