import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, CircularProgress, IconButton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface EditActionsProps {
  /** 'create' labels the main button Create, 'edit' labels it Save. */
  mode: 'create' | 'edit';
  isSaving?: boolean;
  canSave?: boolean;
  onCancel: () => void;
  onSave: () => void;
}

interface EditTopBarProps extends EditActionsProps {
  title: string;
  onBack: () => void;
}

/** Cancel and Save/Create, as in the top bar. */
function EditActions({ mode, isSaving = false, canSave = true, onCancel, onSave }: EditActionsProps) {
  const { t } = useTranslation();
  return (
    <>
      <Button onClick={onCancel} disabled={isSaving}>
        {t('common.cancel')}
      </Button>
      <Button
        onClick={onSave}
        variant="contained"
        disabled={!canSave || isSaving}
        startIcon={isSaving ? <CircularProgress size={16} color="inherit" aria-hidden /> : undefined}
      >
        {mode === 'create' ? t('common.create') : t('common.save')}
      </Button>
    </>
  );
}

/**
 * Top bar of create and edit forms: back arrow, title, Cancel and Save/Create. It sticks to the top
 * of the viewport while a long form scrolls, so Save stays reachable (issue 10 point 4).
 */
export function EditTopBar({ title, onBack, ...actions }: EditTopBarProps) {
  const { t } = useTranslation();
  return (
    <Box
      data-testid="edit-top-bar"
      sx={{
        display: 'flex',
        alignItems: 'center',
        gap: 1,
        mb: 3,
        position: 'sticky',
        top: 0,
        zIndex: 'appBar',
        bgcolor: 'background.default',
        py: 1,
        // Covers the form scrolling under it up to the viewport's edge.
        boxShadow: (theme) => `0 -16px 0 ${theme.palette.background.default}`,
      }}
    >
      <IconButton onClick={onBack} aria-label={t('common.back')} edge="start">
        <ArrowBackIcon />
      </IconButton>
      <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0 }} noWrap>
        {title}
      </Typography>
      <EditActions {...actions} />
    </Box>
  );
}

/** The same Cancel and Save/Create at the end of a long form, where the eye lands when done. */
export function EditBottomActions(props: EditActionsProps) {
  return (
    <Box
      data-testid="edit-bottom-actions"
      sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1, mt: 3 }}
    >
      <EditActions {...props} />
    </Box>
  );
}
