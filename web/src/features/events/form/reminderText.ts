import type { TFunction } from 'i18next';

/** The reminder choices of the event form: seconds before the start (0 is "at the start"). */
export const reminderPresets = [0, 300, 600, 900, 1800, 3600, 7200, 86_400, 604_800] as const;

/** Units a reminder is told in, largest first, with their length in seconds. */
const units = [
  ['week', 604_800],
  ['day', 86_400],
  ['hour', 3600],
  ['minute', 60],
  ['second', 1],
] as const;
export type ReminderUnit = (typeof units)[number][0];

/** A fire interval split into whole units, largest first (5400 → 1 hour, 30 minutes). */
export function reminderParts(seconds: number): Array<{ unit: ReminderUnit; count: number }> {
  let rest = Math.max(0, Math.round(seconds));
  const parts: Array<{ unit: ReminderUnit; count: number }> = [];
  for (const [unit, length] of units) {
    const count = Math.floor(rest / length);
    if (count > 0) parts.push({ unit, count });
    rest -= count * length;
  }
  return parts;
}

/** A fire interval as text: "At the start of the event", "30 minutes before", "1 hour and 30 minutes before". */
export function reminderText(t: TFunction, seconds: number): string {
  const parts = reminderParts(seconds).map(({ unit, count }) => t(`eventExtras.reminder.${unit}`, { count }));
  const last = parts.pop();
  if (last === undefined) return t('eventExtras.reminder.atStart');
  const time = parts.length === 0 ? last : t('eventExtras.reminder.and', { list: parts.join(', '), last });
  return t('eventExtras.reminder.before', { time });
}

/** The values the reminder select offers: none, the presets, and the current value if it is none of them. */
export function reminderChoices(value: number | null): Array<number | null> {
  const presets: number[] = [...reminderPresets];
  const extra = value !== null && !presets.includes(value) ? [value] : [];
  return [null, ...[...presets, ...extra].sort((a, b) => a - b)];
}
