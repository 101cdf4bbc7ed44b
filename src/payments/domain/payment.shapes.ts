import { ContextShapes, firstShape } from '../../shared/event-shapes';
import type { UserPaymentsEvent } from './user-payments';

/** `payEmulator/*`: the payment emulator's facts about its objects, an open family of internal types. */
/** The payments context's event types and their shape versions (src/shared/event-shapes.ts): none has changed yet. */
export const paymentShapes: ContextShapes<UserPaymentsEvent['type'] | 'payEmulator/*'> = {
  'userPayments/account-connected': firstShape,
  'userPayments/account-updated': firstShape,
  'userPayments/account-removed': firstShape,
  'userPayments/customer-created': firstShape,
  'userPayments/default-payment-method-set': firstShape,
  'payEmulator/*': firstShape,
};
