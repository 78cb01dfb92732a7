/** Props of the Leaflet map of an event's place (built by the extras part of this session). */
export interface EventMapProps {
  /** 'lat,lng' of the pin, or null for none. */
  coordinates: string | null;
  /** Spec part 2 §9: 17. */
  zoom?: number;
  /** When given, a click (or Enter on the focused map) puts the pin there and reports 'lat,lng'. */
  onPick?: (coordinates: string) => void;
  /** Accessible name of the map. */
  label: string;
  height?: number;
}

/** Interface placeholder: replaced by the Leaflet map. */
export function EventMap({ coordinates, label }: EventMapProps) {
  return (
    <div role="img" aria-label={label}>
      {coordinates}
    </div>
  );
}
