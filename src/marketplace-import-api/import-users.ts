import { userDecider, UserCommand } from '../users/domain/user.decider';
import type { IdentityProviderLink, Permissions } from '../users/domain/user.events';
import type { UserState } from '../users/domain/user.state';
import { emailGuardEvents, emailGuardStreams, heldAddresses } from '../users/email-guards';
import type { GuardState } from '../users/domain/email-guard';
import { identityLinkStream, linkEvents } from '../users/identity-links';
import { userStream } from '../users/user-streams';
import { countOf, type ApiImportReport } from './import-report';
import { imageQuery, importImage } from './import-images';
import { ImportTarget, runImport } from './import-target';
import { includedOf, relatedId } from './included';
import type { ApiResource, SourceApi } from './source-api';

/** The commands that give a new user the source user's state, in order: created, then what sign-up cannot set. */
const userCommands = (target: ImportTarget, user: ApiResource, profileImageId: string | null): UserCommand[] => {
  const a = user.attributes;
  const p = a.profile;
  const at = new Date(a.createdAt);
  return [
    {
      type: 'create',
      userId: user.id,
      marketplaceId: target.marketplaceId,
      email: a.email,
      // A password is never readable through an API: the user sets one by "forgot password" (or --send-password-reset).
      passwordHash: null,
      firstName: p.firstName,
      lastName: p.lastName,
      displayName: p.displayName,
      bio: p.bio,
      publicData: p.publicData,
      protectedData: p.protectedData,
      privateData: p.privateData,
      initialState: a.state === 'pendingApproval' ? 'pendingApproval' : 'active',
      permissions: a.permissions as Permissions | undefined,
      emailVerified: a.emailVerified === true,
      identityProviders: (a.identityProviders ?? []) as IdentityProviderLink[],
      now: at,
    },
    { type: 'update-profile', update: { metadata: p.metadata ?? {}, ...(profileImageId ? { profileImageId } : {}) } },
    ...(a.banned === true || a.state === 'banned' ? [{ type: 'set-banned' as const, banned: true }] : []),
  ];
};

/** One user: the user's stream, the guard of its email and of each identity-provider account, in one decision. */
const importUser = async (target: ImportTarget, user: ApiResource, profileImageId: string | null): Promise<boolean> => {
  const a = user.attributes;
  const links = (a.identityProviders ?? []) as IdentityProviderLink[];
  const linkStreams = Object.fromEntries(links.map((link, i) => [`link:${i}`, identityLinkStream(target.marketplaceId, link)]));
  const held = heldAddresses({ exists: true, deleted: false, email: a.email, pendingEmail: null });
  const streams = { user: userStream(target.marketplaceId, user.id), ...emailGuardStreams(target.marketplaceId, new Map(), held), ...linkStreams };
  return runImport(target, `user/${user.id}`, new Date(a.createdAt), streams, (s) => {
    const before = s.user as UserState;
    if (before.exists) return {};
    const events = userCommands(target, user, profileImageId).reduce<{ state: UserState; events: ReturnType<typeof userDecider.decide> }>(
      (acc, command) => {
        const decided = userDecider.decide(command, acc.state);
        return { state: decided.reduce(userDecider.evolve, acc.state), events: [...acc.events, ...decided] };
      },
      { state: before, events: [] },
    ).events;
    return {
      user: events,
      ...emailGuardEvents(user.id, new Map(), held, s),
      ...Object.fromEntries(links.map((_, i) => [`link:${i}`, linkEvents(user.id, (s as Record<string, unknown>)[`link:${i}`] as GuardState)])),
    };
  });
};

/**
 * Every user of the source, with extended data and profile image. Deleted users are not listed by the API and
 * stay behind; the source's pending email changes are dropped (the user asks again).
 */
export const importUsers = async (target: ImportTarget, source: SourceApi, report: ApiImportReport): Promise<void> => {
  const users = countOf(report, 'users');
  const images = countOf(report, 'profile images');
  for await (const page of source.all('users/query', { include: 'profileImage', ...imageQuery })) {
    const included = includedOf(page);
    for (const user of page.data) {
      if (user.attributes.stripeConnected === true) report.paymentAccountUsers.push(user.id);
      if ((await target.runner.state(userStream(target.marketplaceId, user.id))).exists) {
        users.existing += 1;
        continue;
      }
      const at = new Date(user.attributes.createdAt);
      const imageId = relatedId(user, 'profileImage');
      const image = imageId ? included.get(`image/${imageId}`) : undefined;
      const profileImageId = image && (await importImage(target, source, image, user.id, at, images)) ? image.id : null;
      if (await importUser(target, user, profileImageId)) users.imported += 1;
      else users.existing += 1;
    }
  }
};
