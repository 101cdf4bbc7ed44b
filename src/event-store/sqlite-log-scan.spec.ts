import { encodeStored } from '../shared/stored-json';
import { LogRow, scannedEvent } from './sqlite-log-scan';

describe('scannedEvent', () => {
  const row = (metadata: Record<string, unknown>, data: unknown = {}): LogRow => [7, 'event-1', 'stream-1', 0, 'thing/happened', encodeStored(data), encodeStored(metadata)];

  it('answers the metadata ids asked in any order and again, as a lookup of each would', () => {
    const event = scannedEvent(row({ marketplaceId: 'm-1', resourceId: 'r-1', source: 's-1', resource: { attributes: { email: 'e@x' } } }));
    const asked = ['marketplaceId', 'resourceId', 'marketplaceId', 'source', 'resourceId', 'resourceId', 'marketplaceId', 'missing', 'source'];
    expect(asked.map((name) => event.metadataString(name))).toEqual(['m-1', 'r-1', 'm-1', 's-1', 'r-1', 'r-1', 'm-1', null, 's-1']);
    expect(event.metadataString('resource', 'attributes', 'email')).toBe('e@x');
    expect(event.metadataString('resourceId')).toBe('r-1');
  });

  it('tells whether the data has a member without decoding it', () => {
    const event = scannedEvent(row({}, { title: 'x', protectedFileAttachments: [] }));
    expect([event.dataHas('protectedFileAttachments'), event.dataHas('price')]).toEqual([true, false]);
  });
});
