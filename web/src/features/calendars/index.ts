/**
 * The calendars area's public surface for other features: the signed-in person's calendars (the
 * event form offers them). The shell mounts the screens through calendarsRoutes.
 */

export { useMyCalendars } from './useCalendars.ts';
