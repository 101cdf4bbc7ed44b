import { internalStream, modelOf, StreamRef } from '../event-sourcing/stream-model';
import { UserPaymentsEvent, userPaymentsDecider, UserPaymentsState } from './domain/user-payments';

export const userPaymentsModel = modelOf('user-payments', userPaymentsDecider);

/** One user's payment set-up: internal (the platform shows no payment events), per marketplace. */
export const userPaymentsStream = (marketplaceId: string, userId: string): StreamRef<UserPaymentsState, UserPaymentsEvent> =>
  internalStream(userPaymentsModel, `${marketplaceId}:user-payments-${userId}`);
