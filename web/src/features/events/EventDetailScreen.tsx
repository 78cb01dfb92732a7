import { ComingSoon } from '../../components/ComingSoon.tsx';

/** Placeholder until this screen is built in this session. */
export function EventDetailScreen() {
  return <ComingSoon page="eventDetail" />;
}
