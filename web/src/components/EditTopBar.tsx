import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Button, CircularProgress, IconButton, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

interface EditTopBarProps {
  title: string;
  /** 'create' labels the main button Create, 'edit' labels it Save. */
  mode: 'create' | 'edit';
  isSaving?: boolean;
  canSave?: boolean;
  onBack: () => void;
  onCancel: () => void;
  onSave: () => void;
}

/** Top bar of create and edit forms: back arrow, title, Cancel and Save/Create. */
export function EditTopBar({
  title,
  mode,
  isSaving = false,
  canSave = true,
  onBack,
  onCancel,
  onSave,
}: EditTopBarProps) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 3 }}>
      <IconButton onClick={onBack} aria-label={t('common.back')} edge="start">
        <ArrowBackIcon />
      </IconButton>
      <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0 }} noWrap>
        {title}
      </Typography>
      <Button onClick={onCancel} disabled={isSaving}>
        {t('common.cancel')}
      </Button>
      <Button
        onClick={onSave}
        variant="contained"
        disabled={!canSave || isSaving}
        startIcon={isSaving ? <CircularProgress size={16} color="inherit" /> : undefined}
      >
        {mode === 'create' ? t('common.create') : t('common.save')}
      </Button>
    </Box>
  );
}
