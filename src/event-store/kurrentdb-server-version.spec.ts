import { checkKurrentDbVersion } from './kurrentdb-server-version';

describe('checkKurrentDbVersion', () => {
  it('accepts KurrentDB 25.1 and later', () => {
    for (const v of ['25.1.0', '25.1.3', '25.2.0', '26.0.1']) expect(() => checkKurrentDbVersion(v)).not.toThrow();
  });

  it('refuses older servers, and servers that do not say, with a message naming the version needed', () => {
    expect(() => checkKurrentDbVersion('25.0.1')).toThrow(/runs version 25\.0\.1: this service needs KurrentDB 25\.1 or later/);
    expect(() => checkKurrentDbVersion('24.10.0')).toThrow(/needs KurrentDB 25\.1/);
    expect(() => checkKurrentDbVersion('unknown')).toThrow(/does not report its version/);
  });
});
