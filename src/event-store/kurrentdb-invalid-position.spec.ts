import { InvalidArgumentError, UnknownError } from '@kurrent/kurrentdb-client';
import { isInvalidPosition } from './kurrentdb-event-store';

/**
 * events/query's fallback for a cursor that is not a record's position (issue 26 F4): client 1.3.1 reads through a
 * native bridge that reports the server's INVALID_ARGUMENT as an UnknownError without a gRPC code.
 */
describe('KurrentDB: a read from a position that is not a record', () => {
  it('is recognised from the gRPC client, the code, and the bridge’s UnknownError naming the invalid argument', () => {
    expect(isInvalidPosition(new InvalidArgumentError({ message: 'bad position' } as never))).toBe(true);
    expect(isInvalidPosition({ code: 3, message: 'INVALID_ARGUMENT' })).toBe(true);
    expect(isInvalidPosition(new UnknownError({ name: 'InvalidArgumentError', message: 'Invalid position' } as never))).toBe(true);
  });

  it('is not confused with other failures (they are thrown, never read as an empty page)', () => {
    expect(isInvalidPosition(new UnknownError({ name: 'Error', message: 'connection reset' } as never))).toBe(false);
    expect(isInvalidPosition(new Error('invalid position'))).toBe(false);
    expect(isInvalidPosition(null)).toBe(false);
  });
});
