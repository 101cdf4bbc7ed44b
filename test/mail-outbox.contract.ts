import type { Mail, Mailer } from '../src/mail/mailer.port';
import { ManualClock } from '../src/shared/clock';

export interface MailOutboxFixture {
  /** A mailer over the outbox, and another over the same outbox (another instance, or the same one restarted). */
  open(clock: ManualClock): Promise<Mailer>;
  /** Several instances send into it at once (PostgreSQL); the files of DATA_DIR are one instance's (a restart's). */
  sharedByInstances: boolean;
  cleanup(): Promise<void>;
}

/** A mail of the template `user-joined` to jane@example.com in marketplace `mp-1`, with what a test changes. */
export const sampleMail = (overrides: Partial<Mail> = {}): Mail => ({
  marketplaceId: 'mp-1',
  to: 'jane@example.com',
  template: 'user-joined',
  subject: 'Welcome',
  text: 'Welcome.',
  context: {},
  ...overrides,
});

/** What every development outbox keeps: each mail in sending order, a keyed mail once per marketplace, whoever sends it. */
export const mailOutboxContract = (name: string, makeFixture: () => Promise<MailOutboxFixture>): void => {
  describe(`mail outbox contract: ${name}`, () => {
    let fixture: MailOutboxFixture;
    beforeEach(async () => {
      fixture = await makeFixture();
    });
    afterEach(() => fixture.cleanup());

    it('keeps every mail without a key, in sending order', async () => {
      const outbox = await fixture.open(new ManualClock());
      await outbox.send(sampleMail({ subject: 'one' }));
      await outbox.send(sampleMail({ subject: 'one' }));
      await outbox.send(sampleMail({ subject: 'two' }));
      expect((await outbox.outbox('mp-1')).map((m) => m.subject)).toEqual(['one', 'one', 'two']);
    });

    it('keeps a mail once per idempotency key: concurrent sends, a restart, and (shared) another instance at the same moment', async () => {
      const clock = new ManualClock();
      const outbox = await fixture.open(clock);
      const other = fixture.sharedByInstances ? await fixture.open(clock) : null;
      await Promise.all([outbox.send(sampleMail({ idempotencyKey: 'event-1' })), outbox.send(sampleMail({ idempotencyKey: 'event-1' })), other?.send(sampleMail({ idempotencyKey: 'event-1' }))]);
      clock.advance(1000);
      await outbox.send(sampleMail({ idempotencyKey: 'event-1' }));
      const restarted = await fixture.open(clock);
      await restarted.send(sampleMail({ idempotencyKey: 'event-1' }));
      await outbox.send(sampleMail({ idempotencyKey: 'event-2', subject: 'other' }));
      const kept = await (other ?? outbox).outbox('mp-1');
      expect(kept.map((m) => [m.idempotencyKey, m.subject])).toEqual([
        ['event-1', 'Welcome'],
        ['event-2', 'other'],
      ]);
      expect(kept[0]).toEqual(expect.objectContaining({ id: expect.any(String), sentAt: '2026-01-01T00:00:00.000Z', to: 'jane@example.com' }));
    });

    it('keeps keys per marketplace', async () => {
      const outbox = await fixture.open(new ManualClock());
      await outbox.send(sampleMail({ idempotencyKey: 'k' }));
      await outbox.send(sampleMail({ idempotencyKey: 'k', marketplaceId: 'mp-2' }));
      expect(await outbox.outbox('mp-1')).toHaveLength(1);
      expect(await outbox.outbox('mp-2')).toHaveLength(1);
      expect(await outbox.outbox('mp-3')).toEqual([]);
    });
  });
};
