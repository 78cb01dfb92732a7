import type { Event } from '@convene/contract';
import GroupOutlinedIcon from '@mui/icons-material/GroupOutlined';
import LiveTvOutlinedIcon from '@mui/icons-material/LiveTvOutlined';
import PlaceOutlinedIcon from '@mui/icons-material/PlaceOutlined';
import type { ReactNode } from 'react';
import { AttendeesSection } from './AttendeesSection.tsx';
import type { EventSection } from './eventDetails.ts';
import { LocationSection } from './LocationSection.tsx';
import { StreamsSection } from './StreamsSection.tsx';

const sections = {
  attendees: AttendeesSection,
  location: LocationSection,
  streams: StreamsSection,
} satisfies Record<EventSection, (props: { event: Event }) => ReactNode>;

/** The icon of each side section. */
export const sectionIcons = {
  attendees: <GroupOutlinedIcon />,
  location: <PlaceOutlinedIcon />,
  streams: <LiveTvOutlinedIcon />,
} satisfies Record<EventSection, ReactNode>;

/** One side section's content, the same in the desktop panel and the phone dialog. */
export function EventSectionContent({ section, event }: { section: EventSection; event: Event }) {
  const Section = sections[section];
  return <Section event={event} />;
}
