/**
 * The built-in mails (names as in the platform's built-in email templates). Links point at the marketplace's
 * front end, whose routes `/verify-email?t=` and `/reset-password?t=&e=` the Web Template keeps fixed.
 */
export interface MailContent {
  template: string;
  subject: string;
  text: string;
  context: Record<string, string>;
}

const link = (base: string, path: string, params: Record<string, string>) =>
  `${base.replace(/\/+$/, '')}${path}?${new URLSearchParams(params).toString()}`;

export const verifyEmailMail = (marketplace: { name: string; url: string }, token: string, changed: boolean): MailContent => {
  const url = link(marketplace.url, '/verify-email', { t: token });
  return {
    template: changed ? 'verify-changed-email-address' : 'verify-email-address',
    subject: changed ? `Verify your new email address` : `Verify your email address for ${marketplace.name}`,
    text: `Please verify your email address by opening this link within 48 hours:\n\n${url}\n`,
    context: { token, url },
  };
};

export const resetPasswordMail = (marketplace: { name: string; url: string }, token: string, email: string): MailContent => {
  const url = link(marketplace.url, '/reset-password', { t: token, e: email });
  return {
    template: 'reset-password',
    subject: `Reset your ${marketplace.name} password`,
    text: `Someone asked to reset the password of your account. To choose a new password, open this link within one hour:\n\n${url}\n\nIf it was not you, ignore this mail.`,
    context: { token, email, url },
  };
};

export const noticeMail = (template: 'password-changed' | 'email-changed' | 'user-joined' | 'user-approved', marketplace: { name: string }): MailContent => {
  const subjects = {
    'password-changed': 'Your password was changed',
    'email-changed': 'Your email address was changed',
    'user-joined': `Welcome to ${marketplace.name}`,
    'user-approved': `Your ${marketplace.name} account was approved`,
  };
  return { template, subject: subjects[template], text: `${subjects[template]}.\n\n— ${marketplace.name}\n`, context: {} };
};
