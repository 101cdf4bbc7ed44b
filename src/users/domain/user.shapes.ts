import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { UserEvent } from './user.events';
import type { GuardEvent } from './email-guard';

/** The users context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const userShapes: ContextShapes<UserEvent['type'] | GuardEvent['type']> = {
  'user/created': firstShape,
  'user/updated': firstShape,
  'user/deleted': firstShape,
  'user/email-verification-requested': firstShape,
  'user/password-changed': firstShape,
  'user/password-reset-requested': firstShape,
  'user/sessions-revoked': firstShape,
  'user-email/claimed': firstShape,
  'user-email/released': firstShape,
  'user-idp/linked': firstShape,
};
