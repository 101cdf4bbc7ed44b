import type { ApiImportReport } from './import-report';

/**
 * What an API cannot give, said to the operator with what to do: passwords (hashed at the source, never served),
 * payment-provider objects (they live at the provider, under the source's platform account), settings the
 * Integration API does not show.
 */
export const notMovedLines = (report: ApiImportReport): string[] => {
  const users = report.resources.users;
  const total = users ? users.imported + users.existing : 0;
  return [
    ...(total > 0
      ? [
          `passwords of ${total} user(s): no API serves them. Each user sets a new one with "forgot password" (Marketplace API password_reset/request), or signs in with their identity provider as before (its links moved). No reset mail was sent: a link lives one hour and must open the live front end, so send them at the switch-over.`,
        ]
      : []),
    ...(report.paymentAccountUsers.length > 0
      ? [
          `payout accounts of ${report.paymentAccountUsers.length} user(s) (stripeConnected): they stay with the payment provider under the source's platform account. The users connect a payout account again here (stripe_account/create), or the provider moves the connected accounts to this installation's platform account; stripeConnected reads false until then.`,
        ]
      : []),
    'saved payment methods (Stripe customers): they stay with the payment provider; users add a card again when they next pay.',
    "marketplace settings (user and listing approval, private marketplace, permissions): not shown by the Integration API; set them here with `settings`.",
    'transaction processes: only the five default processes exist here; transactions of other processes are listed as skipped (a custom process is added with `processes`, then the import run again).',
    'webhook subscriptions and API applications: add them here (new client ids and secrets were made for this marketplace).',
  ];
};
