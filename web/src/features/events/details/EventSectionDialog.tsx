import type { Event } from '@convene/contract';
import ChevronRightIcon from '@mui/icons-material/ChevronRight';
import CloseIcon from '@mui/icons-material/Close';
import { Box, Button, Dialog, DialogContent, DialogTitle, IconButton } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EventSectionContent, sectionIcons } from './EventSectionContent.tsx';
import { attendeeCount, type EventSection } from './eventDetails.ts';

interface EventSectionButtonsProps {
  event: Event;
  sections: EventSection[];
  onOpen: (section: EventSection) => void;
}

/** Phones: one button per side section, opening it full screen. */
export function EventSectionButtons({ event, sections, onOpen }: EventSectionButtonsProps) {
  const { t } = useTranslation();
  return (
    <Box
      component="nav"
      aria-label={t('eventDetails.sections.label')}
      sx={{ display: 'flex', flexDirection: 'column', gap: 1, my: 2 }}
    >
      {sections.map((section) => (
        <Button
          key={section}
          variant="outlined"
          color="inherit"
          startIcon={sectionIcons[section]}
          endIcon={<ChevronRightIcon />}
          onClick={() => onOpen(section)}
          aria-haspopup="dialog"
          sx={{
            justifyContent: 'flex-start',
            textTransform: 'none',
            fontWeight: 600,
            py: 1.25,
            borderColor: 'divider',
            '& .MuiButton-endIcon': { ml: 'auto' },
          }}
        >
          {section === 'attendees'
            ? `${t('eventDetails.sections.attendees')} · ${attendeeCount(event.rsvpsStatistics, event.userEventStatus !== null)}`
            : t(`eventDetails.sections.${section}`)}
        </Button>
      ))}
    </Box>
  );
}

interface EventSectionDialogProps {
  event: Event;
  section: EventSection | null;
  onClose: () => void;
}

/** Phones: one side section (attendees, location, streams) as a full-screen dialog. */
export function EventSectionDialog({ event, section, onClose }: EventSectionDialogProps) {
  const { t } = useTranslation();
  const titleId = useId();
  return (
    <Dialog open={section !== null} onClose={onClose} fullScreen aria-labelledby={titleId}>
      {section ? (
        <>
          <DialogTitle id={titleId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
            <Box component="span" sx={{ flex: 1 }}>
              {t(`eventDetails.sections.${section}`)}
            </Box>
            <IconButton edge="end" aria-label={t('eventDetails.sections.close')} onClick={onClose}>
              <CloseIcon />
            </IconButton>
          </DialogTitle>
          <DialogContent dividers>
            <EventSectionContent section={section} event={event} />
          </DialogContent>
        </>
      ) : null}
    </Dialog>
  );
}
