import type { Point } from './listing-search.port';

/** Mean Earth radius (km), as both engines' great-circle distance uses. */
export const EARTH_RADIUS_KM = 6371.0088;
const RAD = Math.PI / 180;

/** Great-circle (haversine) distance in km. */
export const distanceKm = (a: Point, b: Point): number => {
  const dLat = (b.lat - a.lat) * RAD;
  const dLng = (b.lng - a.lng) * RAD;
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(a.lat * RAD) * Math.cos(b.lat * RAD) * Math.sin(dLng / 2) ** 2;
  return 2 * EARTH_RADIUS_KM * Math.asin(Math.min(1, Math.sqrt(h)));
};

/** A latitude/longitude box, never crossing the antimeridian. */
export interface Box {
  minLat: number;
  maxLat: number;
  minLng: number;
  maxLng: number;
}

/** The boxes of a `bounds` parameter: two when it crosses the antimeridian (sw.lng > ne.lng). */
export const boundsBoxes = (ne: Point, sw: Point): Box[] =>
  sw.lng <= ne.lng
    ? [{ minLat: sw.lat, maxLat: ne.lat, minLng: sw.lng, maxLng: ne.lng }]
    : [
        { minLat: sw.lat, maxLat: ne.lat, minLng: sw.lng, maxLng: 180 },
        { minLat: sw.lat, maxLat: ne.lat, minLng: -180, maxLng: ne.lng },
      ];

export const inBoxes = (p: Point, boxes: Box[]): boolean =>
  boxes.some((b) => p.lat >= b.minLat && p.lat <= b.maxLat && p.lng >= b.minLng && p.lng <= b.maxLng);

/**
 * Boxes that contain every point within `radiusKm` of `center` (the bounding box of a spherical cap, split at
 * the antimeridian; the full longitude range when the cap reaches a pole). Null when the cap is the whole Earth.
 */
export const boxesAround = (center: Point, radiusKm: number): Box[] | null => {
  const angular = radiusKm / EARTH_RADIUS_KM;
  if (angular >= Math.PI) return null;
  const lat = center.lat * RAD;
  const minLat = lat - angular;
  const maxLat = lat + angular;
  if (minLat <= -Math.PI / 2 || maxLat >= Math.PI / 2) {
    return [{ minLat: Math.max(minLat / RAD, -90), maxLat: Math.min(maxLat / RAD, 90), minLng: -180, maxLng: 180 }];
  }
  const ratio = Math.sin(angular) / Math.cos(lat);
  if (ratio >= 1) return [{ minLat: minLat / RAD, maxLat: maxLat / RAD, minLng: -180, maxLng: 180 }];
  const dLng = Math.asin(ratio) / RAD;
  const lo = center.lng - dLng;
  const hi = center.lng + dLng;
  const band = { minLat: minLat / RAD, maxLat: maxLat / RAD };
  if (lo < -180) return [{ ...band, minLng: lo + 360, maxLng: 180 }, { ...band, minLng: -180, maxLng: hi }];
  if (hi > 180) return [{ ...band, minLng: lo, maxLng: 180 }, { ...band, minLng: -180, maxLng: hi - 360 }];
  return [{ ...band, minLng: lo, maxLng: hi }];
};
