import type { AssignableCalendarRole, NotificationType, PushMessage } from '@convene/contract';
import { eventPath, productName } from '@convene/contract';
import type { notifications } from '../../db/schema/index.ts';

type Language = 'en' | 'ro';
type Row = typeof notifications.$inferSelect;

/** What a push text may name. */
interface Names {
  sender: string;
  event: string;
  calendar: string;
}

type Text = (names: Names) => string;

const en: Partial<Record<NotificationType, Text>> & { fallback: Text } = {
  rsvpUpdate: (n) => `${n.sender} answered the invitation to ${n.event}`,
  attendanceUpdate: (n) => `${n.sender} updated their attendance at ${n.event}`,
  eventChanged: (n) => `${n.sender} changed ${n.event}`,
  eventDeleted: (n) => `${n.sender} deleted ${n.event}`,
  eventAddedToCalendar: (n) => `${n.sender} added ${n.event} to ${n.calendar}`,
  shareEvent: (n) => `${n.sender} invited you to ${n.event}`,
  shareEventAccepted: (n) => `${n.sender} accepted your invitation to ${n.event}`,
  shareEventRejected: (n) => `${n.sender} declined your invitation to ${n.event}`,
  shareEventRemove: (n) => `${n.sender} removed you from ${n.event}`,
  calendarChanged: (n) => `${n.sender} changed the calendar ${n.calendar}`,
  calendarDeleted: (n) => `${n.sender} deleted the calendar ${n.calendar}`,
  shareCalendar: (n) => `${n.sender} invited you to the calendar ${n.calendar}`,
  shareCalendarAccepted: (n) => `${n.sender} joined the calendar ${n.calendar}`,
  shareCalendarRejected: (n) => `${n.sender} declined to join the calendar ${n.calendar}`,
  shareCalendarRemove: (n) => `${n.sender} removed you from the calendar ${n.calendar}`,
  shareCalendarOwnerChange: (n) => `${n.sender} wants to make you the owner of ${n.calendar}`,
  shareCalendarOwnerRejected: (n) => `${n.sender} declined to take over the calendar ${n.calendar}`,
  shareCalendarCancelOwnerChange: (n) => `${n.sender} no longer offers you the calendar ${n.calendar}`,
  shareCalendarNotifyOwner: (n) => `${n.sender} now owns the calendar ${n.calendar}; you are an admin`,
  fallback: (n) => `${n.sender} has news for you`,
};

const ro: typeof en = {
  rsvpUpdate: (n) => `${n.sender} a răspuns la invitația la ${n.event}`,
  attendanceUpdate: (n) => `${n.sender} și-a actualizat prezența la ${n.event}`,
  eventChanged: (n) => `${n.sender} a modificat ${n.event}`,
  eventDeleted: (n) => `${n.sender} a șters ${n.event}`,
  eventAddedToCalendar: (n) => `${n.sender} a adăugat ${n.event} în ${n.calendar}`,
  shareEvent: (n) => `${n.sender} te-a invitat la ${n.event}`,
  shareEventAccepted: (n) => `${n.sender} a acceptat invitația ta la ${n.event}`,
  shareEventRejected: (n) => `${n.sender} a refuzat invitația ta la ${n.event}`,
  shareEventRemove: (n) => `${n.sender} te-a scos din ${n.event}`,
  calendarChanged: (n) => `${n.sender} a modificat calendarul ${n.calendar}`,
  calendarDeleted: (n) => `${n.sender} a șters calendarul ${n.calendar}`,
  shareCalendar: (n) => `${n.sender} te-a invitat în calendarul ${n.calendar}`,
  shareCalendarAccepted: (n) => `${n.sender} s-a alăturat calendarului ${n.calendar}`,
  shareCalendarRejected: (n) => `${n.sender} a refuzat să se alăture calendarului ${n.calendar}`,
  shareCalendarRemove: (n) => `${n.sender} te-a scos din calendarul ${n.calendar}`,
  shareCalendarOwnerChange: (n) => `${n.sender} vrea să te facă proprietarul calendarului ${n.calendar}`,
  shareCalendarOwnerRejected: (n) => `${n.sender} a refuzat să preia calendarul ${n.calendar}`,
  shareCalendarCancelOwnerChange: (n) => `${n.sender} nu îți mai oferă calendarul ${n.calendar}`,
  shareCalendarNotifyOwner: (n) =>
    `${n.sender} este acum proprietarul calendarului ${n.calendar}; tu ești administrator`,
  fallback: (n) => `${n.sender} are noutăți pentru tine`,
};

/** An RSVP change says the answer (PRODUCT.md §1.4 RSVP display); other answers keep rsvpUpdate's text. */
const answered: Record<Language, Record<'attending' | 'notAttending' | 'none', Text>> = {
  en: {
    attending: (n) => `${n.sender} is going to ${n.event}`,
    notAttending: (n) => `${n.sender} is not going to ${n.event}`,
    none: (n) => `${n.sender} is in the loop for ${n.event}`,
  },
  ro: {
    attending: (n) => `${n.sender} participă la ${n.event}`,
    notAttending: (n) => `${n.sender} nu participă la ${n.event}`,
    none: (n) => `${n.sender} a ales „Ținut la curent” pentru ${n.event}`,
  },
};

/** A role change (a `calendarChanged` whose `changes.role` is the new role) says the role. */
const madeRole: Record<Language, Record<AssignableCalendarRole, Text>> = {
  en: {
    admin: (n) => `${n.sender} made you an admin of the calendar ${n.calendar}`,
    manager: (n) => `${n.sender} made you a manager of the calendar ${n.calendar}`,
    assistant: (n) => `${n.sender} made you an assistant of the calendar ${n.calendar}`,
    member: (n) => `${n.sender} made you a member of the calendar ${n.calendar}`,
  },
  ro: {
    admin: (n) => `${n.sender} te-a făcut administrator în calendarul ${n.calendar}`,
    manager: (n) => `${n.sender} te-a făcut manager în calendarul ${n.calendar}`,
    assistant: (n) => `${n.sender} te-a făcut asistent în calendarul ${n.calendar}`,
    member: (n) => `${n.sender} te-a făcut membru în calendarul ${n.calendar}`,
  },
};

/** The text of a notification: its type's, or for an RSVP change the answer's, for a role change the role's. */
function textOf(row: Row, language: Language): Text {
  const texts = language === 'ro' ? ro : en;
  const answer = row.type === 'rsvpUpdate' ? row.payload.changes?.rsvp : undefined;
  if (answer === 'attending' || answer === 'notAttending' || answer === 'none')
    return answered[language][answer];
  const role = row.type === 'calendarChanged' ? row.payload.changes?.role : undefined;
  if (typeof role === 'string' && role in madeRole[language])
    return madeRole[language][role as AssignableCalendarRole];
  return texts[row.type as NotificationType] ?? texts.fallback;
}

/** The screen a notification opens: requests go to Requests; others to what they are about. */
export function notificationPath(row: Row): string {
  if (row.status === 'pending') return '/activity/requests';
  if (!row.payload.permissions.canView) return '/activity';
  if (row.event) return eventPath(row.event.name, row.event.eventId);
  if (row.calendar) return `/calendars/${row.calendar.calendarId}/events`;
  return '/activity';
}

/** The Web Push for a notification, in the recipient's language. */
export function pushMessageFor(row: Row, senderName: string | null, language: string): PushMessage {
  const names: Names = {
    sender: senderName ?? productName,
    event: row.event?.name ?? '',
    calendar: row.calendar?.name ?? '',
  };
  const text = textOf(row, language === 'ro' ? 'ro' : 'en');
  return { title: productName, body: text(names), url: notificationPath(row), tag: row.id };
}
