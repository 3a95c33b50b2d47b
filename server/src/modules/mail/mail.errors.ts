/** Error catalog of the mail module. */
export const MailErrors = {
  DELIVERY_FAILED: {
    status: 502,
    code: 'mail_delivery_failed',
    message: 'The e-mail could not be delivered. Please try again later.',
  },
  INVALID_RECIPIENT: {
    status: 400,
    code: 'invalid_recipient',
    message: 'The recipient must be a single e-mail address.',
  },
} as const;
