import LockOutlinedIcon from '@mui/icons-material/LockOutlined';
import PublicIcon from '@mui/icons-material/Public';
import { Chip } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The Public / Private type label of a calendar (an icon and a word, never colour alone). */
export function VisibilityLabel({ visibility }: { visibility: 'public' | 'private' }) {
  const { t } = useTranslation();
  const isPublic = visibility === 'public';
  return (
    <Chip
      size="small"
      variant="outlined"
      color={isPublic ? 'primary' : 'default'}
      icon={isPublic ? <PublicIcon aria-hidden /> : <LockOutlinedIcon aria-hidden />}
      label={isPublic ? t('calendar.visibility.public') : t('calendar.visibility.private')}
      sx={{ fontWeight: 600 }}
    />
  );
}
