import { decodeTransitTyped, encodeTransit } from './transit-codec';

/**
 * How events and read-model documents are stored: Transit verbose JSON, so Uuid, Money, LatLng, BigDecimal and
 * Date values come back as the same types (and user strings that start with `~` stay intact), while the text
 * stays readable JSON for an operator.
 */
export const encodeStored = (value: unknown): string => encodeTransit(value, true);
export const decodeStored = <T = unknown>(text: string): T => decodeTransitTyped(text) as T;
