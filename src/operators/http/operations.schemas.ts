import { anything, arrayOf, boolean, enumOf, integer, resourceSchema, string, timestamp } from '../../http/openapi/resource-schema';

/** The answer shapes of the console's Operations endpoints (operations.operator.controller.ts). */
export const MAIL_SCHEMA = resourceSchema('mail', { to: string, template: string, subject: string, text: string, sentAt: timestamp });

export const REACTOR_SCHEMA = resourceSchema('reactor', { name: string, resumed: boolean });

export const PAYMENTS_REPORT_SCHEMA = resourceSchema('paymentsReport', {
  provider: enumOf('emulator', 'stripe'),
  accounts: arrayOf(anything),
  customers: arrayOf(anything),
  intents: arrayOf(anything),
});

export const EMULATOR_CLOCK_SCHEMA = resourceSchema('emulatorClock', { offsetMs: integer, advancedBy: string });

export const PAYMENT_EMULATOR_SCHEMA = resourceSchema('paymentEmulator', { generation: integer });
