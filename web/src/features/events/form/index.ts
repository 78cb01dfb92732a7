/**
 * The event form: create and edit, with dates and time zones, recurrence, reminders, tags,
 * location and attachments.
 */

export { EventFormScreen } from './EventFormScreen.tsx';
