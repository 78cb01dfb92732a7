import { coordinates } from '@convene/contract';

/** A point on the map. */
export interface LatLng {
  lat: number;
  lng: number;
}

/** The point of a 'lat,lng' text the contract accepts; null for blank or invalid text. */
export function parseCoordinates(text: string | null | undefined): LatLng | null {
  if (!text) return null;
  const parsed = coordinates.safeParse(text);
  if (!parsed.success) return null;
  const [lat, lng] = parsed.data.split(',').map(Number) as [number, number];
  return { lat, lng };
}

const roundTo6 = (value: number) => {
  const rounded = Math.round(value * 1e6) / 1e6;
  return Object.is(rounded, -0) ? 0 : rounded;
};

/** Wraps a longitude into −180…180 (a map panned round the world reports e.g. 386.5). */
function wrapLongitude(lng: number): number {
  const wrapped = ((((lng + 180) % 360) + 360) % 360) - 180;
  return wrapped === -180 && lng > 0 ? 180 : wrapped;
}

/** The 'lat,lng' text of a picked point, 6 decimals (about 10 cm), latitude clamped, longitude wrapped. */
export function formatCoordinates({ lat, lng }: LatLng): string {
  const latitude = roundTo6(Math.min(90, Math.max(-90, lat)));
  const longitude = roundTo6(wrapLongitude(lng));
  return `${latitude},${longitude}`;
}
