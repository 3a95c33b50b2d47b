/** Error catalog of e-mail templates and the send API (issue 12). */
export const EmailTemplateErrors = {
  NOT_FOUND: {
    status: 404,
    code: 'email_template_not_found',
    message: 'Email template not found.',
  },
  SEND_TEMPLATE_NOT_FOUND: {
    status: 404,
    code: 'email_template_not_found',
    message: 'This application has no active email template of that name.',
  },
  SYSTEM_TEMPLATE_UNDELETABLE: {
    status: 409,
    code: 'system_template_undeletable',
    message: 'System templates cannot be deleted or deactivated. Reset the template to restore its default.',
  },
  SYSTEM_TEMPLATE_RENAMED: {
    status: 409,
    code: 'system_template_immutable',
    message: 'System templates cannot be renamed; only their subject and content can change.',
  },
  SYSTEM_TEMPLATE_MOVED: {
    status: 409,
    code: 'system_template_immutable',
    message: 'System templates cannot be moved to another application; every application has its own copy.',
  },
  SYSTEM_TEMPLATE_RELOCALIZED: {
    status: 409,
    code: 'system_template_immutable',
    message: 'The locale of a system template cannot change; edit the variant of the other locale instead.',
  },
  NOT_A_SYSTEM_TEMPLATE: {
    status: 409,
    code: 'not_a_system_template',
    message: 'Only system templates can be reset to a default.',
  },
  NAME_TAKEN: {
    status: 409,
    code: 'email_template_name_taken',
    message: 'This application already has a template with this name in this locale.',
  },
  NAME_RESERVED: {
    status: 409,
    code: 'email_template_name_reserved',
    message: 'This name belongs to a system template. Choose another name.',
  },
  LIMIT_REACHED: {
    status: 409,
    code: 'email_template_limit_reached',
    message: 'This application has reached the maximum number of email templates.',
  },
  UNSAFE_PLACEHOLDER: {
    status: 400,
    code: 'unsafe_template_placeholder',
    message:
      'A placeholder carrying a one-time secret ({{resetLink}}, {{confirmLink}}, {{leaveLink}}, {{signInCode}}) may only be ' +
      'the whole href of a link or stand on its own in the text, and never in the subject.',
  },
  REQUIRED_PLACEHOLDER_MISSING: {
    status: 400,
    code: 'required_placeholder_missing',
    message:
      'This system template must keep its link or code placeholder (e.g. {{resetLink}}, {{signInCode}}).',
  },
  SETTINGS_ADMIN_ONLY: {
    status: 403,
    code: 'forbidden',
    message: 'Only admins of the organization can change the e-mail settings of its applications.',
  },
  RECIPIENT_NOT_ALLOWED: {
    status: 403,
    code: 'recipient_not_allowed',
    message:
      'This application may only mail its own users and the members of its organization, each with a confirmed address. ' +
      'To mail anyone else, verify a sender of the organization first (e-mail settings: the address receives a link).',
  },
  SENDER_NOT_VERIFIED: {
    status: 403,
    code: 'sender_not_verified',
    message:
      'This sender is not a verified sender of the application. Add it in the e-mail settings and follow the link mailed to it.',
  },
  INVALID_SENDER: {
    status: 400,
    code: 'invalid_sender',
    message: 'from must be one address, or "Name <address>", without line breaks.',
  },
  APPLICATION_USER_NOT_FOUND: {
    status: 404,
    code: 'application_user_not_found',
    message:
      'userId names no user of this application: it must be an account registered through the application, signed in through it, or a member of its organization.',
  },
  ORGANIZATION_QUOTA_EXCEEDED: {
    status: 429,
    code: 'email_quota_exceeded',
    message: 'This organization has sent as many e-mails as it may today. Please try again later.',
  },
  INVALID_SENDER_TOKEN: {
    status: 400,
    code: 'invalid_sender_token',
    message:
      'This verification link is invalid, expired or already used. An admin can send a new one from the e-mail settings.',
  },
  SENDER_NOT_FOUND: {
    status: 404,
    code: 'sender_not_found',
    message: 'This address is not among the application’s senders. Add it to verified_senders first.',
  },
  SENDER_ALREADY_VERIFIED: {
    status: 409,
    code: 'sender_already_verified',
    message: 'This sender is already verified.',
  },
  SENDER_LINKS_RATE_LIMITED: {
    status: 429,
    code: 'rate_limited',
    message: 'Too many sender verification links for this organization. Please try again later.',
  },
} as const;
