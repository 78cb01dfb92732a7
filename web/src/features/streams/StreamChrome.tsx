import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import { Box, Chip, CircularProgress, IconButton, Stack, Typography } from '@mui/material';
import { useTranslation } from 'react-i18next';

/** The top of the broadcaster and viewer screens: back, the feed's name, and Live while it is. */
export function StreamHeader({
  name,
  isLive,
  backLabel,
  onBack,
}: {
  name: string;
  isLive: boolean;
  backLabel: string;
  onBack: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Box component="header" sx={{ display: 'flex', alignItems: 'center', gap: 1, mb: 2 }}>
      <IconButton edge="start" aria-label={backLabel} onClick={onBack}>
        <ArrowBackIcon />
      </IconButton>
      <Typography variant="h5" component="h1" sx={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
        {name}
      </Typography>
      {isLive ? <Chip color="error" size="small" label={t('streams.live')} /> : null}
    </Box>
  );
}

/** Over the video while it connects: a spinner and what is happening, announced politely. */
export function StreamStatusOverlay({ text, isDimmed = false }: { text: string; isDimmed?: boolean }) {
  return (
    <Stack
      role="status"
      spacing={1}
      sx={{
        position: 'absolute',
        inset: 0,
        alignItems: 'center',
        justifyContent: 'center',
        color: 'common.white',
        ...(isDimmed ? { bgcolor: 'rgba(0,0,0,0.4)' } : {}),
      }}
    >
      <CircularProgress color="inherit" aria-hidden />
      <Typography>{text}</Typography>
    </Stack>
  );
}
