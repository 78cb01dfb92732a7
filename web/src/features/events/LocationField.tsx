import type { Event } from '@convene/contract';

/** The location as the form holds it (spec part 1 §3 location; coordinates 'lat,lng' or null). */
export type LocationValue = Pick<Event['location'], 'name' | 'address' | 'coordinates'>;

/** Interface placeholder: name, address and a pin on the map. */
export function LocationField(_props: {
  value: LocationValue;
  onChange: (value: LocationValue) => void;
  disabled?: boolean;
}) {
  return null;
}
