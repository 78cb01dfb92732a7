/**
 * The event page path: /events/{name with spaces as _, URL-encoded}-{eventId}. The web routes
 * by it and the server writes it into mails and notification links.
 */
export function eventPath(name: string, eventId: string): string {
  return `/events/${encodeURIComponent(name.replaceAll(' ', '_'))}-${eventId}`;
}

/**
 * The eventId of an event page's route parameter ('{title}-{id}'). Ids (and occurrence ids)
 * never hold a dash, so the id is what follows the last dash, whatever dashes the title has.
 */
export function eventIdFromSlug(slug: string): string | null {
  const dash = slug.lastIndexOf('-');
  const id = dash >= 0 ? slug.slice(dash + 1) : slug;
  return /^[A-Za-z0-9_]{1,100}$/.test(id) ? id : null;
}
