import type { RecordedEvent } from '../shared/log-events';
import { RecentEvents } from './recent-events';

const at = (...positions: number[]) => positions.map((position) => ({ position }) as RecordedEvent);
const positions = (events: RecordedEvent[] | null) => events?.map((e) => e.position) ?? null;

describe('RecentEvents', () => {
  it('answers nothing before its first commit', () => {
    expect(new RecentEvents().batch(0, 0, 10)).toBeNull();
  });

  it('given commits that follow each other, answers any range inside them', () => {
    const recent = new RecentEvents();
    recent.committed(10, at(11, 12));
    recent.committed(12, at(13, 15)); // 14: a rolled-back savepoint's position, never committed
    expect(positions(recent.batch(10, 15, 100))).toEqual([11, 12, 13, 15]);
    expect(positions(recent.batch(12, 13, 100))).toEqual([13]);
    expect(positions(recent.batch(11, 15, 2))).toEqual([12, 13]);
    expect(positions(recent.batch(15, 15, 100))).toEqual([]);
  });

  it('does not answer before what it holds, nor past it', () => {
    const recent = new RecentEvents();
    recent.committed(10, at(11, 12));
    expect(recent.batch(9, 12, 100)).toBeNull();
    expect(recent.batch(10, 13, 100)).toBeNull();
  });

  it('given another process wrote between two commits, starts over after it', () => {
    const recent = new RecentEvents();
    recent.committed(10, at(11, 12));
    recent.committed(14, at(15)); // 13 and 14 came from elsewhere
    expect(recent.batch(12, 15, 100)).toBeNull();
    expect(positions(recent.batch(14, 15, 100))).toEqual([15]);
  });

  it('keeps out the old events of a repeated append', () => {
    const recent = new RecentEvents();
    recent.committed(10, at(4, 11));
    expect(positions(recent.batch(10, 11, 100))).toEqual([11]);
  });

  it('keeps only its capacity, the newest', () => {
    const recent = new RecentEvents(3);
    recent.committed(0, at(1, 2, 3, 4, 5));
    expect(recent.batch(1, 5, 100)).toBeNull();
    expect(positions(recent.batch(2, 5, 100))).toEqual([3, 4, 5]);
  });

  it('after forget, answers nothing until a commit starts it again', () => {
    const recent = new RecentEvents();
    recent.committed(0, at(1));
    recent.forget();
    expect(recent.batch(0, 1, 10)).toBeNull();
    recent.committed(5, at(6));
    expect(positions(recent.batch(5, 6, 10))).toEqual([6]);
  });
});
