import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sampleMail as mail } from '../../test/mail-outbox.contract';
import { SmtpMailer } from './smtp-mailer';


describe('mailers and idempotency keys', () => {
  let dir: string;
  beforeEach(() => {
    dir = mkdtempSync(join(tmpdir(), 'mailers-'));
  });
  afterEach(() => rmSync(dir, { recursive: true, force: true }));

  describe('SmtpMailer', () => {
    const smtp = (sentKeysFile?: string) => {
      const mailer = new SmtpMailer('smtp://localhost:2525', 'Marketplace <noreply@example.com>', { sentKeysFile });
      const sendMail = jest.fn(async (_message: Record<string, unknown>) => ({}));
      (mailer as unknown as { transport: { sendMail: typeof sendMail } }).transport = { sendMail };
      return { mailer, sendMail };
    };

    it('sends a key once, and remembers it across a restart through the sent-keys file', async () => {
      const file = join(dir, 'state', 'smtp-sent-keys');
      const first = smtp(file);
      await Promise.all([first.mailer.send(mail({ idempotencyKey: 'event-1' })), first.mailer.send(mail({ idempotencyKey: 'event-1' }))]);
      await first.mailer.send(mail({ idempotencyKey: 'event-1' }));
      expect(first.sendMail).toHaveBeenCalledTimes(1);
      expect(first.sendMail.mock.calls[0][0]).toEqual(expect.objectContaining({ to: 'jane@example.com', messageId: expect.stringMatching(/^<[0-9a-f]{32}@example\.com>$/) }));
      expect(readFileSync(file, 'utf8').trim().split('\n')).toHaveLength(1);
      const restarted = smtp(file);
      await restarted.mailer.send(mail({ idempotencyKey: 'event-1' }));
      await restarted.mailer.send(mail({ idempotencyKey: 'event-2' }));
      expect(restarted.sendMail).toHaveBeenCalledTimes(1);
    });

    it('records nothing for a send that failed, so a retry sends it', async () => {
      const { mailer, sendMail } = smtp(join(dir, 'keys'));
      sendMail.mockRejectedValueOnce(new Error('421 try later'));
      await expect(mailer.send(mail({ idempotencyKey: 'event-1' }))).rejects.toThrow('421');
      await mailer.send(mail({ idempotencyKey: 'event-1' }));
      expect(sendMail).toHaveBeenCalledTimes(2);
    });

    it('sends every mail without a key', async () => {
      const { mailer, sendMail } = smtp();
      await mailer.send(mail());
      await mailer.send(mail());
      expect(sendMail).toHaveBeenCalledTimes(2);
      expect(sendMail.mock.calls[0][0]).not.toHaveProperty('messageId');
    });
  });
});
