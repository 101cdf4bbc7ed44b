import { Transform } from 'class-transformer';
import { IsDefined, IsInt, Min } from 'class-validator';
import { IsTimestamp, IsUuidString, toTimestamp } from '../../http/validation';
import { invalidValue } from '../../shared/api-error';
import { DAY_MS } from '../domain/availability-plan';

export class CreateExceptionBody {
  @IsDefined() @IsUuidString() listingId!: string;
  @IsDefined() @IsInt() @Min(0) seats!: number;
  @IsDefined() @Transform(toTimestamp) @IsTimestamp() start!: Date;
  @IsDefined() @Transform(toTimestamp) @IsTimestamp() end!: Date;
}

export class ExceptionIdBody {
  @IsDefined() @IsUuidString() id!: string;
}

export class ExceptionQueryParams {
  @IsDefined() @IsUuidString() listingId!: string;
  @IsDefined() @Transform(toTimestamp) @IsTimestamp() start!: Date;
  @IsDefined() @Transform(toTimestamp) @IsTimestamp() end!: Date;
}

type Location = 'body' | 'query';

/** `end` after `start`, each within [now - back, now + ahead], and at most `span` apart (the spec's limits). */
export const assertWindow = (
  p: { start: Date; end: Date },
  location: Location,
  now: Date,
  limits: { startBackDays: number; startAheadDays: number; endAheadDays: number; spanDays?: number },
): void => {
  const t = now.getTime();
  const [start, end] = [p.start.getTime(), p.end.getTime()];
  if (start < t - limits.startBackDays * DAY_MS || start > t + limits.startAheadDays * DAY_MS)
    throw invalidValue(['start'], location, `start must be between ${limits.startBackDays} days ago and ${limits.startAheadDays} days from now.`);
  if (end <= start) throw invalidValue(['end'], location, 'end must be after start.');
  if (end > t + limits.endAheadDays * DAY_MS) throw invalidValue(['end'], location, `end must be at most ${limits.endAheadDays} days from now.`);
  if (limits.spanDays !== undefined && end - start > limits.spanDays * DAY_MS) throw invalidValue(['end'], location, `end must be at most ${limits.spanDays} days after start.`);
};

/** Exception times: minutes a multiple of 5, no seconds or milliseconds, at most 365 days ahead, end after start. */
export const assertExceptionTimes = (b: { start: Date; end: Date }, now: Date): void => {
  for (const key of ['start', 'end'] as const) {
    const d = b[key];
    if (d.getUTCMinutes() % 5 !== 0 || d.getUTCSeconds() !== 0 || d.getUTCMilliseconds() !== 0)
      throw invalidValue([key], 'body', `${key} must have minutes in steps of 5 and no seconds or milliseconds.`);
    if (d.getTime() > now.getTime() + 365 * DAY_MS) throw invalidValue([key], 'body', `${key} must be at most 365 days in the future.`);
  }
  if (b.end.getTime() <= b.start.getTime()) throw invalidValue(['end'], 'body', 'end must be after start.');
};
