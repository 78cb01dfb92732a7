import { Box, Typography } from '@mui/material';
import { Component, lazy, type ReactNode, Suspense, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '../../../api/config.ts';

/** Props of the Leaflet map of an event's place. */
export interface EventMapProps {
  /** 'lat,lng' of the pin, or null for none. */
  coordinates: string | null;
  /** PRODUCT.md §2.9: 17. */
  zoom?: number;
  /** When given, a click (or Enter on the focused map) puts the pin there and reports 'lat,lng'. */
  onPick?: (coordinates: string) => void;
  /** Accessible name of the map. */
  label: string;
  height?: number;
}

/** PRODUCT.md §2.9: the map of a place shows it at zoom 17. */
export const eventMapZoom = 17;

/** The tile server when the app's config cannot be read (the server's MAP_TILE_URL default). */
const fallbackTileUrl = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';

// Leaflet and its CSS load only when a map is shown, keeping them out of the main bundle.
const LeafletMap = lazy(() => import('./LeafletMap.tsx'));

/** A grey box of the map's size: while loading, or when the map code cannot be loaded. */
function MapPlaceholder({ label, height, text }: { label: string; height: number; text: string }) {
  return (
    <Box
      role="img"
      aria-label={label}
      sx={{
        height,
        borderRadius: 2,
        bgcolor: 'grey.300',
        color: 'text.secondary',
        display: 'flex',
        alignItems: 'center',
        justifyContent: 'center',
        p: 2,
      }}
    >
      <Typography variant="body2">{text}</Typography>
    </Box>
  );
}

/** Shows its fallback instead of failing the page when the map chunk cannot be fetched (offline). */
class MapBoundary extends Component<{ fallback: ReactNode; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override render() {
    return this.state.failed ? this.props.fallback : this.props.children;
  }
}

/**
 * The map of an event's place (PRODUCT.md §2.2 Location): OpenStreetMap-style tiles from the
 * configured tile server, a pin at the coordinates, and with `onPick` a click moves the pin.
 * Without tiles (offline) it stays a grey, still usable map.
 */
export function EventMap({ coordinates, zoom = eventMapZoom, onPick, label, height = 300 }: EventMapProps) {
  const { t } = useTranslation();
  const config = useAppConfig();
  const hintId = useId();
  const loading = <MapPlaceholder label={label} height={height} text={t('eventExtras.map.loading')} />;
  if (config.isPending) return loading;
  return (
    <Box>
      <MapBoundary
        fallback={<MapPlaceholder label={label} height={height} text={t('eventExtras.unavailable')} />}
      >
        <Suspense fallback={loading}>
          <LeafletMap
            coordinates={coordinates}
            zoom={zoom}
            onPick={onPick}
            label={label}
            height={height}
            tileUrl={config.data?.mapTileUrl ?? fallbackTileUrl}
            describedBy={onPick ? hintId : undefined}
            pinLabel={t('eventExtras.map.pin')}
          />
        </Suspense>
      </MapBoundary>
      {onPick ? (
        <Typography id={hintId} variant="caption" color="text.secondary" sx={{ display: 'block', mt: 0.5 }}>
          {t('eventExtras.map.pickHint')}
        </Typography>
      ) : null}
    </Box>
  );
}
