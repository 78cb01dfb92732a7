import { rsvpLabelKeys } from '@convene/contract';
import CheckIcon from '@mui/icons-material/Check';
import CloseIcon from '@mui/icons-material/Close';
import VisibilityOutlinedIcon from '@mui/icons-material/VisibilityOutlined';
import {
  Alert,
  Box,
  Chip,
  Skeleton,
  ToggleButton,
  ToggleButtonGroup,
  Typography,
  useMediaQuery,
  useTheme,
} from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useSnackbar } from '../../../components/Snackbar.tsx';
import { type RsvpChoice, rsvpChoices, useEventRsvp } from './useEventRsvp.ts';

const icons = {
  attending: <CheckIcon fontSize="small" />,
  notAttending: <CloseIcon fontSize="small" />,
  none: <VisibilityOutlinedIcon fontSize="small" />,
} satisfies Record<RsvpChoice, unknown>;

/**
 * My RSVP (PRODUCT.md §2.3/§2.4): going, not going or in the loop, the chosen one filled;
 * 'pending' shows as Pending with nothing chosen yet.
 */
export function MyRsvp({ eventId }: { eventId: string }) {
  const { t } = useTranslation();
  const headingId = useId();
  const theme = useTheme();
  // Three answers side by side do not fit a phone in every language: there they stack.
  const isNarrow = useMediaQuery(theme.breakpoints.down('sm'), { noSsr: true });
  const { showSnackbar } = useSnackbar();
  const { rsvp, isLoading, isError, answer } = useEventRsvp(eventId);
  const current = rsvp?.statuses.rsvp ?? null;
  const isPending = current === 'pending';

  const handleChange = (_change: unknown, value: RsvpChoice | null) => {
    if (!value) return;
    answer(value, { onError: () => showSnackbar(t('eventDetails.rsvp.saveFailed'), { severity: 'error' }) });
  };

  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ border: 1, borderColor: 'divider', borderRadius: 3, p: 2, my: 2 }}
    >
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 1.5, flexWrap: 'wrap' }}>
        <Typography id={headingId} component="h2" variant="h6" sx={{ flex: 1 }}>
          {t('eventDetails.rsvp.title')}
        </Typography>
        {isPending ? <Chip size="small" color="warning" label={t(rsvpLabelKeys.pending)} /> : null}
      </Box>
      {isLoading ? (
        <Skeleton variant="rounded" height={40} />
      ) : isError || !rsvp ? (
        <Alert severity="error">{t('eventDetails.rsvp.loadFailed')}</Alert>
      ) : (
        <>
          <ToggleButtonGroup
            exclusive
            value={isPending ? null : current}
            onChange={handleChange}
            aria-label={t('eventDetails.rsvp.question')}
            color="primary"
            orientation={isNarrow ? 'vertical' : 'horizontal'}
            sx={{
              display: 'flex',
              '& .MuiToggleButton-root': {
                flex: '1 1 auto',
                gap: 1,
                whiteSpace: 'nowrap',
                textTransform: 'none',
                fontWeight: 600,
                justifyContent: isNarrow ? 'flex-start' : 'center',
              },
              '& .MuiToggleButton-root.Mui-selected': {
                bgcolor: 'primary.main',
                color: 'primary.contrastText',
                '&:hover': { bgcolor: 'primary.dark' },
              },
            }}
          >
            {rsvpChoices.map((choice) => (
              <ToggleButton key={choice} value={choice}>
                {icons[choice]}
                {t(rsvpLabelKeys[choice])}
              </ToggleButton>
            ))}
          </ToggleButtonGroup>
          {isPending ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('eventDetails.rsvp.notAnswered')}
            </Typography>
          ) : null}
        </>
      )}
    </Box>
  );
}
