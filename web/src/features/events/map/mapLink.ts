/** The OpenStreetMap search the server's MAP_LINK_URL defaults to, for when its config cannot be read. */
export const fallbackMapLinkUrl = 'https://www.openstreetmap.org/search?query={query}';

/** What an event's place is searched by: its name and address, else its pin; null when it has none. */
export function placeQuery(location: {
  name: string | null;
  address: string | null;
  coordinates: string | null;
}): string | null {
  const words = [location.name, location.address]
    .map((part) => part?.trim() ?? '')
    .filter((part) => part !== '');
  if (words.length > 0) return words.join(', ');
  return location.coordinates?.trim() || null;
}

/** The "open in maps" url: the template with every {query} replaced by the url-encoded place. */
export function mapLinkUrl(template: string, query: string): string {
  return template.replaceAll('{query}', encodeURIComponent(query));
}
