import type { Event } from '@convene/contract';
import { Box, Tab, Tabs } from '@mui/material';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { EventSectionContent, sectionIcons } from './EventSectionContent.tsx';
import type { EventSection } from './eventDetails.ts';

interface EventSidePanelProps {
  event: Event;
  sections: EventSection[];
  active: EventSection;
  onChange: (section: EventSection) => void;
}

/** The right column of wide screens: tabs for attendees, location and streams, and the chosen one. */
export function EventSidePanel({ event, sections, active, onChange }: EventSidePanelProps) {
  const { t } = useTranslation();
  const tabsId = useId();
  return (
    <Box
      component="aside"
      aria-label={t('eventDetails.sections.label')}
      sx={{
        border: 1,
        borderColor: 'divider',
        borderRadius: 3,
        bgcolor: 'background.paper',
        position: 'sticky',
        top: 16,
        maxHeight: 'calc(100vh - 72px)',
        display: 'flex',
        flexDirection: 'column',
        overflow: 'hidden',
      }}
    >
      <Tabs
        value={active}
        onChange={(_change, value: EventSection) => onChange(value)}
        aria-label={t('eventDetails.sections.label')}
        variant="fullWidth"
        sx={{ borderBottom: 1, borderColor: 'divider', flexShrink: 0 }}
      >
        {sections.map((section) => (
          <Tab
            key={section}
            value={section}
            icon={sectionIcons[section]}
            iconPosition="top"
            label={t(`eventDetails.sections.${section}`)}
            id={`${tabsId}-${section}`}
            aria-controls={`${tabsId}-panel`}
            sx={{
              minHeight: 64,
              textTransform: 'none',
              fontWeight: 600,
              fontSize: '0.8125rem',
              px: 1,
              gap: 0.25,
            }}
          />
        ))}
      </Tabs>
      <Box
        role="tabpanel"
        id={`${tabsId}-panel`}
        aria-labelledby={`${tabsId}-${active}`}
        sx={{ p: 2, overflowY: 'auto', flex: 1 }}
      >
        <EventSectionContent section={active} event={event} />
      </Box>
    </Box>
  );
}
