import type { Notification } from '@convene/contract';
import CheckIcon from '@mui/icons-material/Check';
import CheckCircleOutlineIcon from '@mui/icons-material/CheckCircleOutlineOutlined';
import CloseIcon from '@mui/icons-material/Close';
import HighlightOffIcon from '@mui/icons-material/HighlightOff';
import { Box, Button, Chip, CircularProgress } from '@mui/material';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useAnswerRequest } from './useActivityActions.ts';

/** Left padding that lines a card's second row up with its sentence (after the avatar). */
function rowIndent(isCompact: boolean) {
  return isCompact ? 1.5 + 36 / 8 + 1.5 : 2 + 44 / 8 + 2;
}

interface RequestActionsProps {
  notification: Notification;
  /** The id of the card's sentence, which the buttons are about. */
  describedBy: string;
  isCompact: boolean;
  onAnswered: (updated: Notification) => void;
}

/** Accept and Decline of a pending request; both disabled while one is being sent. */
export function RequestActions({ notification, describedBy, isCompact, onAnswered }: RequestActionsProps) {
  const { t } = useTranslation();
  const answer = useAnswerRequest(onAnswered);
  const busy = answer.isPending ? answer.variables.answer : null;
  const spinner = <CircularProgress size={16} color="inherit" aria-hidden />;

  return (
    <Box
      sx={{
        display: 'flex',
        gap: 1,
        px: isCompact ? 1.5 : 2,
        pb: isCompact ? 1.5 : 2,
        pl: isCompact ? 1.5 : rowIndent(false),
      }}
    >
      <Button
        variant="contained"
        size={isCompact ? 'medium' : 'small'}
        disabled={answer.isPending}
        aria-busy={busy === 'accept'}
        aria-describedby={describedBy}
        startIcon={busy === 'accept' ? spinner : <CheckIcon />}
        onClick={() => answer.mutate({ notification, answer: 'accept' })}
        sx={{ flex: isCompact ? 1 : 'none' }}
      >
        {t('activity.accept')}
      </Button>
      <Button
        variant="outlined"
        size={isCompact ? 'medium' : 'small'}
        disabled={answer.isPending}
        aria-busy={busy === 'decline'}
        aria-describedby={describedBy}
        startIcon={busy === 'decline' ? spinner : <CloseIcon />}
        onClick={() => answer.mutate({ notification, answer: 'decline' })}
        sx={{ flex: isCompact ? 1 : 'none' }}
      >
        {t('activity.decline')}
      </Button>
    </Box>
  );
}

interface AnsweredStatusProps {
  status: 'accepted' | 'rejected';
  isCompact: boolean;
  /** Takes focus: the request was just answered here and its buttons are gone. */
  takeFocus: boolean;
}

/** An answered request's outcome, announced when it changes. */
export function AnsweredStatus({ status, isCompact, takeFocus }: AnsweredStatusProps) {
  const { t } = useTranslation();
  const chip = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (takeFocus) chip.current?.focus();
  }, [takeFocus]);
  return (
    <Box role="status" sx={{ px: isCompact ? 1.5 : 2, pb: isCompact ? 1.5 : 2, pl: rowIndent(isCompact) }}>
      <Chip
        ref={chip}
        tabIndex={takeFocus ? -1 : undefined}
        size="small"
        variant="outlined"
        color={status === 'accepted' ? 'success' : 'default'}
        icon={status === 'accepted' ? <CheckCircleOutlineIcon /> : <HighlightOffIcon />}
        label={t(`activity.status.${status}`)}
      />
    </Box>
  );
}
