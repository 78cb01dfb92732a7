/** The browser's own time zone (UTC when it cannot tell). */
export function localTimeZone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';
}

/** Every IANA time zone the browser knows, plus UTC and any extra names (e.g. an event's own). */
export function listTimeZones(extra: readonly string[] = []): string[] {
  const known = typeof Intl.supportedValuesOf === 'function' ? Intl.supportedValuesOf('timeZone') : [];
  return [...new Set([...known, 'UTC', ...extra.filter(Boolean)])].sort((a, b) => a.localeCompare(b));
}

/** A zone's name as people read it: 'America/New_York' → 'America/New York'. */
export function timeZoneLabel(timeZone: string): string {
  return timeZone.replaceAll('_', ' ');
}

/** True when the zone's name holds the text, ignoring case, underscores read as spaces. */
export function matchesTimeZone(timeZone: string, text: string): boolean {
  const needle = text.trim().toLowerCase().replaceAll('_', ' ');
  return needle === '' || timeZoneLabel(timeZone).toLowerCase().includes(needle);
}

/**
 * The zones a picker offers for a search text: the recent ones that match first (most recent
 * first), then every other match in alphabetical order.
 */
export function orderTimeZones(all: readonly string[], recent: readonly string[], text: string): string[] {
  const known = new Set(all);
  const recentMatches = [...new Set(recent)].filter((zone) => known.has(zone) && matchesTimeZone(zone, text));
  const recentSet = new Set(recentMatches);
  return [...recentMatches, ...all.filter((zone) => !recentSet.has(zone) && matchesTimeZone(zone, text))];
}
