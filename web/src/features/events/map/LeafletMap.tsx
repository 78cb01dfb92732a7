import 'leaflet/dist/leaflet.css';
import L from 'leaflet';
import markerIcon from 'leaflet/dist/images/marker-icon.png';
import markerIcon2x from 'leaflet/dist/images/marker-icon-2x.png';
import markerShadow from 'leaflet/dist/images/marker-shadow.png';
import { useEffect, useMemo, useRef } from 'react';
import { MapContainer, Marker, TileLayer, useMap, useMapEvents } from 'react-leaflet';
import { formatCoordinates, type LatLng, parseCoordinates } from './mapCoordinates.ts';

// Leaflet guesses its marker images' path from its CSS, which a bundler rewrites: give it the
// bundled files instead (PLATFORM-NOTES pitfall 10).
L.Icon.Default.mergeOptions({ iconUrl: markerIcon, iconRetinaUrl: markerIcon2x, shadowUrl: markerShadow });

/** What the lazily loaded map needs: EventMap's props plus the tile url and texts. */
export interface LeafletMapProps {
  coordinates: string | null;
  zoom: number;
  onPick?: (coordinates: string) => void;
  label: string;
  height: number;
  tileUrl: string;
  /** Id of the text that tells how to pick a place (keyboard included). */
  describedBy?: string;
  pinLabel: string;
}

/** The whole world, for a map without a pin yet. */
const worldView = { center: { lat: 20, lng: 0 }, zoom: 2 };

const openStreetMapAttribution =
  '&copy; <a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">OpenStreetMap</a> contributors';

/** Names the map's focusable container for screen readers and describes picking. */
function MapAccessibility({ label, hintId }: { label: string; hintId?: string }) {
  const map = useMap();
  useEffect(() => {
    const container = map.getContainer();
    container.setAttribute('role', 'region');
    container.setAttribute('aria-label', label);
    if (hintId) container.setAttribute('aria-describedby', hintId);
    else container.removeAttribute('aria-describedby');
  }, [map, label, hintId]);
  return null;
}

/** A click, or Enter on the focused map (its centre), picks a point. */
function PickHandler({ onPick }: { onPick: (coordinates: string) => void }) {
  const map = useMapEvents({
    click: (event) => onPick(formatCoordinates(event.latlng)),
    keydown: (event) => {
      if (event.originalEvent.key !== 'Enter' || event.originalEvent.target !== map.getContainer()) return;
      event.originalEvent.preventDefault();
      onPick(formatCoordinates(map.getCenter()));
    },
  });
  return null;
}

/** Redraws the map when its box changes size (a dialog opening, a side panel resizing). */
function SizeWatcher() {
  const map = useMap();
  useEffect(() => {
    const observer = new ResizeObserver(() => map.invalidateSize());
    observer.observe(map.getContainer());
    return () => observer.disconnect();
  }, [map]);
  return null;
}

/** Brings a new pin into view: zooms in on a first pin, pans to one outside the view. */
function FollowPin({ point, zoom }: { point: LatLng | null; zoom: number }) {
  const map = useMap();
  const hadPoint = useRef(point !== null);
  useEffect(() => {
    if (!point) {
      hadPoint.current = false;
      return;
    }
    if (!hadPoint.current) map.setView(point, zoom);
    else if (!map.getBounds().contains(point)) map.panTo(point);
    hadPoint.current = true;
  }, [map, point, zoom]);
  return null;
}

/** The Leaflet map of EventMap (loaded on demand, so Leaflet stays out of the main bundle). */
export default function LeafletMap({
  coordinates,
  zoom,
  onPick,
  label,
  height,
  tileUrl,
  describedBy,
  pinLabel,
}: LeafletMapProps) {
  const point = useMemo(() => parseCoordinates(coordinates), [coordinates]);
  const initial = point ? { center: point, zoom } : worldView;
  return (
    <MapContainer
      center={initial.center}
      zoom={initial.zoom}
      scrollWheelZoom={Boolean(onPick)}
      style={{ height, width: '100%', borderRadius: 8 }}
    >
      <MapAccessibility label={label} hintId={describedBy} />
      <SizeWatcher />
      <TileLayer
        url={tileUrl}
        attribution={tileUrl.includes('openstreetmap.org') ? openStreetMapAttribution : undefined}
        maxZoom={19}
      />
      {point ? (
        <Marker position={point} alt={pinLabel} title={pinLabel} keyboard={false} interactive={false} />
      ) : null}
      <FollowPin point={point} zoom={zoom} />
      {onPick ? <PickHandler onPick={onPick} /> : null}
    </MapContainer>
  );
}
