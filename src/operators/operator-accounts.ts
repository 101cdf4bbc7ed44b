import { Inject, Injectable } from '@nestjs/common';
import { randomBytes } from 'node:crypto';
import { CommandRunner } from '../event-sourcing/command-runner';
import { MarketplaceDirectory } from '../marketplaces/marketplace-directory';
import { Passwords } from '../users/passwords';
import { invalidValue } from '../shared/api-error';
import { CLOCK, type Clock } from '../shared/clock';
import type { CommandContext } from '../shared/command-context';
import { IDS, type IdGenerator } from '../shared/ids';
import { Operator, OperatorCommand, OperatorDirectoryState, operatorDirectoryDecider } from './domain/operator-directory';
import { INSTALLATION, operatorDirectoryStream } from './operator-streams';

/** An operator as the CLI and the console show one (never the hash). */
export interface OperatorView {
  id: string;
  email: string;
  marketplaces: string[] | null;
  createdAt: string;
  liveSessions: number;
}

export const MIN_PASSWORD_LENGTH = 10;
const EMAIL = /^[^\s@]+@[^\s@]+$/;

export const operatorView = (o: Operator, now: Date): OperatorView => ({
  id: o.id,
  email: o.email,
  marketplaces: o.marketplaces,
  createdAt: o.createdAt,
  liveSessions: o.sessions.filter((x) => x.expiresAt > now.toISOString()).length,
});

/** A password for a new operator or a reset: 20 characters of base64url, 120 bits. */
export const generatedPassword = (): string => randomBytes(15).toString('base64url');

/** Operator accounts of the installation: what `operators add|list|remove|reset-password|revoke-sessions` do. */
@Injectable()
export class OperatorAccounts {
  constructor(
    private readonly runner: CommandRunner,
    private readonly passwords: Passwords,
    private readonly marketplaces: MarketplaceDirectory,
    @Inject(CLOCK) private readonly clock: Clock,
    @Inject(IDS) private readonly ids: IdGenerator,
  ) {}

  async add(email: string, password: string, marketplaces: string[] | null): Promise<OperatorView> {
    if (!EMAIL.test(email.trim())) throw invalidValue(['email'], 'body', 'An operator is named by an email address.');
    checkPassword(password);
    for (const id of marketplaces ?? [])
      if (!(await this.marketplaces.state(id)).exists) throw invalidValue(['marketplaces'], 'body', `No marketplace ${id}.`);
    const id = this.ids.next();
    const passwordHash = await this.passwords.hash(password);
    const state = await this.decide({ type: 'add', id, email, passwordHash, marketplaces, now: this.clock.now() });
    return operatorView(state.operators.find((o) => o.id === id)!, this.clock.now());
  }

  async list(): Promise<OperatorView[]> {
    const state = await this.state();
    return state.operators.map((o) => operatorView(o, this.clock.now()));
  }

  async remove(email: string): Promise<void> {
    await this.decide({ type: 'remove', email, now: this.clock.now() });
  }

  async resetPassword(email: string, password: string): Promise<void> {
    checkPassword(password);
    await this.decide({ type: 'reset-password', email, passwordHash: await this.passwords.hash(password), now: this.clock.now() });
  }

  async revokeSessions(email: string): Promise<void> {
    await this.decide({ type: 'revoke-sessions', email, now: this.clock.now() });
  }

  state(): Promise<OperatorDirectoryState> {
    return this.runner.state(operatorDirectoryStream());
  }

  /** Runs one command on the directory and answers the state after it. */
  async decide(command: OperatorCommand, requestId: string | null = null): Promise<OperatorDirectoryState> {
    const ctx: CommandContext = { marketplaceId: INSTALLATION, clientId: null, userId: null, adminId: null, requestId, source: 'source/console', now: command.now };
    await this.runner.run({
      ctx,
      streams: { directory: operatorDirectoryStream() },
      decide: (s) => ({ events: { directory: operatorDirectoryDecider.decide(command, s.directory) } }),
    });
    return this.state();
  }
}

const checkPassword = (password: string): void => {
  if (password.length < MIN_PASSWORD_LENGTH) throw invalidValue(['password'], 'body', `A password has at least ${MIN_PASSWORD_LENGTH} characters.`);
};

/** The start banner's console line: where it is, and the one command that makes the first operator. */
export const consoleBannerOf = (operators: OperatorView[], baseUrl: string, dataDir: string | null): string =>
  operators.length > 0
    ? `Console: ${baseUrl}/console/ (${operators.length} operator(s); npm run cli -- operators list)`
    : `Console: ${baseUrl}/console/ — no operator yet; create one (prints its password):\n  ${dataDir ? `DATA_DIR=${dataDir} ` : ''}npm run cli -- operators add you@example.com`;
