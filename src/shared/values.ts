/**
 * Value types that the wire formats distinguish from plain strings, numbers and objects.
 * Transit writes each with its own tag (see src/http/transit.ts); plain JSON writes them through toJSON.
 */
export class Uuid {
  constructor(readonly uuid: string) {}
  toJSON(): string {
    return this.uuid;
  }
  toString(): string {
    return this.uuid;
  }
}

export class Money {
  constructor(
    readonly amount: number,
    readonly currency: string,
  ) {}
  toJSON(): { amount: number; currency: string } {
    return { amount: this.amount, currency: this.currency };
  }
}

export class LatLng {
  constructor(
    readonly lat: number,
    readonly lng: number,
  ) {}
  toJSON(): { lat: number; lng: number } {
    return { lat: this.lat, lng: this.lng };
  }
}

export class BigDecimal {
  constructor(readonly value: string) {}
  toJSON(): string {
    return this.value;
  }
}

export const uuid = (value: string): Uuid => new Uuid(value);
export const uuidOrNull = (value: string | null | undefined): Uuid | null => (value ? new Uuid(value) : null);

const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: unknown): value is string => typeof value === 'string' && UUID_PATTERN.test(value);
