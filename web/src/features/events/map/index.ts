/**
 * Where an event takes place: the map (loaded on demand), coordinates typed as text, and the
 * links that open a place in a maps app. Used by the event page and the event form.
 */

export { EventMap } from './EventMap.tsx';
export { parseCoordinates } from './mapCoordinates.ts';
export { fallbackMapLinkUrl, mapLinkUrl, placeQuery } from './mapLink.ts';
