import { z } from 'zod';
import { parseDayKey } from './zonedTime.ts';

/**
 * Recurrence as an RFC 5545 RRULE (without DTSTART: the event's start is the anchor). We accept
 * the part of the grammar a calendar needs and whose expansion stays cheap: DAILY to YEARLY,
 * INTERVAL, COUNT or UNTIL, BYDAY, BYMONTHDAY, BYMONTH, BYSETPOS, WKST.
 */
export const recurrenceLimits = { ruleMaxLength: 500, countMax: 1000, intervalMax: 999 } as const;

export const weekDays = ['MO', 'TU', 'WE', 'TH', 'FR', 'SA', 'SU'] as const;
/** Two-letter RFC 5545 weekday. */
export type WeekDay = (typeof weekDays)[number];

export const frequencies = ['DAILY', 'WEEKLY', 'MONTHLY', 'YEARLY'] as const;
export type Frequency = (typeof frequencies)[number];

/** A parsed rule: each part's raw value by its name. */
export type RuleParts = Record<string, string> & { FREQ: Frequency };

const dayPattern = /^([+-]?)(\d{1,2})?(MO|TU|WE|TH|FR|SA|SU)$/;
const untilPattern = /^(\d{4})(\d{2})(\d{2})(T(\d{2})(\d{2})(\d{2})Z)?$/;

function intList(value: string, min: number, max: number, allowNegative: boolean): boolean {
  return value.split(',').every((item) => {
    if (!/^[+-]?\d{1,3}$/.test(item)) return false;
    const number = Number(item);
    if (number === 0) return false;
    if (number < 0 && !allowNegative) return false;
    return Math.abs(number) >= min && Math.abs(number) <= max;
  });
}

function isValidPart(key: string, value: string, frequency: string): boolean {
  switch (key) {
    case 'FREQ':
      return (frequencies as readonly string[]).includes(value);
    case 'INTERVAL':
      return /^\d{1,3}$/.test(value) && Number(value) >= 1 && Number(value) <= recurrenceLimits.intervalMax;
    case 'COUNT':
      return /^\d{1,4}$/.test(value) && Number(value) >= 1 && Number(value) <= recurrenceLimits.countMax;
    case 'UNTIL':
      return untilDate(value) !== null;
    case 'BYDAY':
      return value.split(',').every((item) => {
        const match = dayPattern.exec(item);
        if (!match) return false;
        if (match[2] === undefined) return !match[1];
        const ordinal = Number(match[2]);
        return ordinal >= 1 && ordinal <= 53 && (frequency === 'MONTHLY' || frequency === 'YEARLY');
      });
    case 'BYMONTHDAY':
      return intList(value, 1, 31, true);
    case 'BYMONTH':
      return intList(value, 1, 12, false);
    case 'BYSETPOS':
      return intList(value, 1, 366, true);
    case 'WKST':
      return (weekDays as readonly string[]).includes(value);
    default:
      return false;
  }
}

/** The instant an UNTIL value names (a date alone means the end of that day); null if invalid. */
export function untilDate(value: string): { date: string; isDateOnly: boolean } | null {
  const match = untilPattern.exec(value);
  if (!match) return null;
  const day = parseDayKey(`${match[1]}-${match[2]}-${match[3]}`);
  if (!day) return null;
  if (!match[4]) return { date: `${match[1]}-${match[2]}-${match[3]}`, isDateOnly: true };
  const [hour, minute, second] = [Number(match[5]), Number(match[6]), Number(match[7])];
  if (hour > 23 || minute > 59 || second > 59) return null;
  return {
    date: `${match[1]}-${match[2]}-${match[3]}T${match[5]}:${match[6]}:${match[7]}Z`,
    isDateOnly: false,
  };
}

/** Parses a rule ('RRULE:' prefix optional, case-insensitive); null when we do not accept it. */
export function parseRepeatingRule(rule: string): RuleParts | null {
  if (typeof rule !== 'string' || rule.length === 0 || rule.length > recurrenceLimits.ruleMaxLength)
    return null;
  const body = rule
    .trim()
    .toUpperCase()
    .replace(/^RRULE:/, '');
  const parts: Record<string, string> = {};
  for (const item of body.split(';')) {
    const [key, value, extra] = item.split('=');
    if (!key || !value || extra !== undefined || key in parts) return null;
    parts[key] = value;
  }
  const frequency = parts.FREQ;
  if (!frequency) return null;
  if (!Object.entries(parts).every(([key, value]) => isValidPart(key, value, frequency))) return null;
  if (parts.COUNT && parts.UNTIL) return null;
  if (parts.BYSETPOS && !parts.BYDAY && !parts.BYMONTHDAY) return null;
  return parts as RuleParts;
}

/** The rule as stored and answered: upper case, no 'RRULE:' prefix, parts in a fixed order. */
export function normalizeRepeatingRule(rule: string): string | null {
  const parts = parseRepeatingRule(rule);
  if (!parts) return null;
  const order = ['FREQ', 'INTERVAL', 'BYMONTH', 'BYMONTHDAY', 'BYDAY', 'BYSETPOS', 'WKST', 'COUNT', 'UNTIL'];
  return order
    .filter((key) => parts[key] !== undefined)
    .map((key) => `${key}=${parts[key]}`)
    .join(';');
}

/** Message key of an invalid recurrence rule. */
export const repeatingRuleInvalid = 'event.errors.repeatingRuleInvalid';

/** A repeating rule in a request: validated and normalised; null or absent means a single event. */
export const repeatingRule = z
  .string()
  .max(recurrenceLimits.ruleMaxLength, repeatingRuleInvalid)
  .transform((value, ctx) => {
    const normalized = normalizeRepeatingRule(value);
    if (normalized === null) {
      ctx.addIssue({ code: 'custom', message: repeatingRuleInvalid });
      return z.NEVER;
    }
    return normalized;
  });

/** What the form's recurrence picker offers (PRODUCT.md §1.2 plus the issue's picker). */
export interface RecurrenceChoice {
  frequency: 'none' | 'daily' | 'weekly' | 'monthly' | 'yearly';
  /** Every n days / weeks / months / years. */
  interval: number;
  /** Weekly only: the chosen days (none → the start's weekday). */
  weekDays: WeekDay[];
  end: { type: 'never' } | { type: 'until'; date: string } | { type: 'count'; count: number };
}

/** The rule for a picker choice; null for 'none'. An until date is 'YYYY-MM-DD', inclusive. */
export function buildRepeatingRule(choice: RecurrenceChoice): string | null {
  if (choice.frequency === 'none') return null;
  const parts = [`FREQ=${choice.frequency.toUpperCase()}`];
  if (choice.interval > 1) parts.push(`INTERVAL=${choice.interval}`);
  if (choice.frequency === 'weekly' && choice.weekDays.length > 0) {
    parts.push(`BYDAY=${weekDays.filter((day) => choice.weekDays.includes(day)).join(',')}`);
  }
  if (choice.end.type === 'count') parts.push(`COUNT=${choice.end.count}`);
  if (choice.end.type === 'until') parts.push(`UNTIL=${choice.end.date.replaceAll('-', '')}`);
  return normalizeRepeatingRule(parts.join(';'));
}

/** The picker choice a rule shows as; null when the rule uses more than the picker offers. */
export function describeRepeatingRule(rule: string | null | undefined): RecurrenceChoice | null {
  const none: RecurrenceChoice = { frequency: 'none', interval: 1, weekDays: [], end: { type: 'never' } };
  if (!rule) return none;
  const parts = parseRepeatingRule(rule);
  if (!parts) return null;
  const known = ['FREQ', 'INTERVAL', 'BYDAY', 'COUNT', 'UNTIL'];
  if (Object.keys(parts).some((key) => !known.includes(key))) return null;
  if (
    parts.BYDAY &&
    (parts.FREQ !== 'WEEKLY' || !/^(MO|TU|WE|TH|FR|SA|SU)(,(MO|TU|WE|TH|FR|SA|SU))*$/.test(parts.BYDAY))
  )
    return null;
  const until = parts.UNTIL ? untilDate(parts.UNTIL) : null;
  return {
    frequency: parts.FREQ.toLowerCase() as RecurrenceChoice['frequency'],
    interval: parts.INTERVAL ? Number(parts.INTERVAL) : 1,
    weekDays: parts.BYDAY ? (parts.BYDAY.split(',') as WeekDay[]) : [],
    end: parts.COUNT
      ? { type: 'count', count: Number(parts.COUNT) }
      : until
        ? { type: 'until', date: until.date.slice(0, 10) }
        : { type: 'never' },
  };
}
