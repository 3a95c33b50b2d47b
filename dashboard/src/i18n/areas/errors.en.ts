import type { de } from './errors';

/** English texts of the API's error codes; loaded with the English catalog, only when chosen. */
export const en: Record<keyof typeof de, string> = {
  'error.network': 'The server cannot be reached. Please check your connection.',

  'error.bad_request': 'The request could not be read.',
  'error.body_length_mismatch': 'The request arrived incomplete. Please try again.',
  'error.forbidden': 'You are not allowed to do this.',
  'error.internal_error': 'Something went wrong on our side. Please try again later.',
  'error.invalid_body_encoding': 'The request could not be decompressed.',
  'error.invalid_json': 'The request is not valid JSON.',
  'error.invalid_path_encoding': 'The address contains invalid characters.',
  'error.not_found': 'The requested item does not exist.',
  'error.payload_too_large': 'The request is too large.',
  'error.rate_limited': 'Too many requests. Please wait a moment and try again.',
  'error.server_busy': 'The server is busy. Please try again in a few seconds.',
  'error.unknown_application':
    'This application does not exist or is deactivated. Please check the application id.',
  'error.route_not_found': 'The server does not offer this function.',
  'error.unauthorized': 'Please sign in.',
  'error.unsupported_encoding': 'The format of the request is not supported.',
  'error.validation_failed': 'The input is invalid.',
  'error.checkFields': 'Please check: {fields}.',

  'error.account_locked':
    'Too many failed sign-in attempts. The account is locked for a while; try again later or reset your password.',
  'error.current_password_required': 'Enter your current password to set a new one.',
  'error.email_not_confirmed': 'Please confirm your e-mail address first.',
  'error.google_email_unverified': 'Google did not confirm an e-mail address for this account.',
  'error.google_failed': 'Sign-in with Google did not complete. Please try again.',
  'error.invalid_code': 'The sign-in code is invalid or has expired.',
  'error.invalid_confirmation_token': 'The confirmation link is invalid, has expired or was already used.',
  'error.invalid_credentials': 'Invalid e-mail address or password.',
  'error.invalid_refresh_token': 'Your session has expired. Please sign in again.',
  'error.invalid_reset_token': 'Invalid reset token',
  'error.invalid_email_change_token':
    'The link to confirm the new e-mail address is invalid, has expired (links are valid one hour), was already used or replaced by a newer one – or the session in which you asked for the change has ended. Ask for the change again.',
  'error.email_taken': 'There already is an account with this e-mail address. Nothing was changed.',
  'error.email_unchanged': 'This already is the e-mail address of your account.',
  'error.invalid_undo_link':
    'This link is invalid, has expired or has already been used. If someone else changed your account, reset your password.',
  'error.invalid_token': 'Your sign-in is invalid. Please sign in again.',
  'error.missing_token': 'Please sign in.',
  'error.password_too_short': 'Password must be at least 6 characters long',
  'error.provider_disabled': 'Google sign-in is not configured on this server.',
  'error.refresh_token_reused':
    'This session was ended for your safety because its token was already used. Please sign in again.',
  'error.session_ended': 'This session has ended. Please sign in again.',
  'error.session_not_found': 'Session not found.',
  'error.token_expired': 'Your sign-in has expired. Please sign in again.',
  'error.wrong_current_password': 'The current password is not correct.',

  'error.api_token_expired': 'This API token has expired.',
  'error.api_token_no_access':
    'This API token no longer grants access: its application is inactive or its owner has left the organization.',
  'error.api_token_revoked': 'This API token has been revoked.',
  'error.application_id_required': 'The request must name an application (X-Application-ID).',
  'error.application_token_not_allowed':
    "This token was issued through an application's sign-in dialog and is not valid for the IAM Platform API. Sign in to the dashboard or use an API token.",
  'error.insufficient_scope': 'This API token lacks the scope this action needs.',
  'error.invalid_api_token': 'The API token is invalid.',
  'error.invalid_grant':
    'The sign-in code is invalid, has expired or has already been used. Please sign in again.',
  'error.no_membership': 'You are not a member of the organization that owns this application.',
  'error.origin_not_allowed': "This origin is not among the application's allowed origins.",
  'error.redirect_uri_not_allowed':
    "This return address is not allowed. The site's operator must add it as a redirect URL under 'Users & sign-in'.",
  'error.token_audience_mismatch':
    'This token was not issued for this application. Please sign in through the application.',
  'error.token_not_allowed': 'API tokens cannot be used here; please sign in.',
  'error.token_not_found': 'API token not found.',

  'error.admin_only': 'Access denied: you do not have admin permission.',
  'error.already_member': 'User is already a member of this organization',
  'error.application_not_found': 'Application not found',
  'error.invalid_leave_token': 'This link is invalid, has expired or has already been used.',
  'error.last_admin': 'An organization needs at least one active admin. Make someone else admin first.',
  'error.member_limit_reached': 'This organization has reached its member limit.',
  'error.role_not_found': 'This role does not exist (any more) in the organization.',
  'error.role_name_taken': 'The organization already has a role with this name. Choose another one.',
  'error.role_in_use': 'Members hold this role. Give them another role first.',
  'error.role_limit_reached': 'This organization has reached its limit of custom roles.',
  'error.unknown_role': 'This organization has no role with this name.',
  // End users' permissions and roles of a project (app-roles).
  'error.app_permission_not_found': 'This permission does not exist (any more) in the project.',
  'error.app_role_not_found': 'This role does not exist (any more) in the project.',
  'error.app_permission_name_taken':
    'The project already has a permission with this name. Choose another one.',
  'error.app_role_name_taken': 'The project already has a role with this name. Choose another one.',
  'error.app_permission_limit_reached': 'A project can define at most 500 permissions.',
  'error.app_role_limit_reached': 'A project can define at most 100 roles.',
  'error.unknown_app_permissions':
    'At least one of the chosen permissions does not exist (any more) in the project. Reload the page.',
  'error.unknown_app_roles':
    'At least one of the chosen roles does not exist (any more) in the project. Reload the page.',
  // Policies and the check API (policies).
  'error.invalid_policy': 'The policy is invalid. Check the marked fields.',
  'error.policy_not_found': 'This policy does not exist (any more).',
  'error.policy_name_taken': 'There is a policy with this name already. Choose another one.',
  'error.policy_limit_reached': 'A project or organization can have at most 2,000 policies.',
  'error.subject_not_found':
    'No such user here: end users of the project and members of the organization can be checked.',
  'error.authorize_scope_required': 'Choose the project or organization whose policies decide.',
  'error.invitation_pending': 'This person has already been invited and has not answered yet.',
  'error.invitation_not_found': 'Invitation not found.',
  'error.two_factor_required':
    'This organization requires two-factor sign-in. Set up an authenticator app or a passkey under Account → Security, then try again.',
  'error.member_not_found': 'Member not found.',
  'error.organization_inactive':
    'The organization has been deactivated. Its tokens work again once an admin reactivates it.',
  'error.organization_not_found': 'Organization not found.',
  'error.project_not_found': 'Project not found',
  'error.pool_not_found':
    'Sign-in is not available here: the project does not exist, is deactivated or has no active application.',
  'error.signup_closed':
    'This application does not take new sign-ups. Ask its operator for an invitation, or sign in with an existing account.',
  'error.sign_in_method_disabled':
    'This sign-in method is turned off for this application. Please use one of the methods it offers.',
  'error.account_blocked':
    'This account has been blocked by the operator of this application. Contact its support to have it unblocked.',
  'error.invalid_email_code':
    'This code is wrong, has expired (codes are valid for 10 minutes) or was already used. After 5 wrong tries a code is void. Request a new code.',
  'error.second_factor_enrollment_required':
    'This application requires a second factor. Set up an authenticator app or a passkey on your account page, then sign in again.',
  'error.password_too_common':
    'This password is too common: it appears in lists of leaked passwords that attackers try first. Please choose another one.',
  'error.slug_taken': 'This slug is already taken. Please choose another one.',
  'error.user_not_found': 'User with this email not found. They need to register first.',

  'error.invalid_recipient': 'The recipient must be a single e-mail address.',
  'error.mail_delivery_failed': 'The e-mail could not be delivered. Please try again later.',

  'error.email_template_not_found': 'Template not found.',
  'error.email_template_name_taken':
    'This application already has a template with this name in this language.',
  'error.email_template_name_reserved': 'This name belongs to a system template. Please choose another name.',
  'error.email_template_limit_reached': 'This application has reached the maximum number of templates.',
  'error.system_template_undeletable':
    'System templates cannot be deleted or deactivated. Reset the template instead.',
  'error.system_template_immutable':
    'System templates cannot be renamed, moved to another application or switched to another language; only subject and content can change.',
  'error.not_a_system_template': 'Only system templates can be reset to their default.',
  'error.unsafe_template_placeholder':
    'Placeholders with one-time secrets ({{resetLink}}, {{confirmLink}}, {{leaveLink}}, {{signInCode}}) may only be the whole href of a link or stand on their own in the text, never in the subject.',
  'error.required_placeholder_missing':
    'This system template must keep its link or code placeholder (e.g. {{resetLink}}, {{signInCode}}).',

  // Sending: recipients, senders, quota (issue #37)
  'error.recipient_not_allowed':
    'This application may only mail its own users and the members of its organization with a confirmed address. To mail anyone, first verify a sender in the e-mail settings.',
  'error.sender_not_verified':
    'This sender is not verified. Add it in the e-mail settings and follow the link mailed to the address.',
  'error.invalid_sender': 'The sender must be an address or "Name <address>", without line breaks.',
  'error.application_user_not_found':
    'userId names no user of this application (registered or signed in through it, or a member of its organization).',
  'error.email_quota_exceeded':
    'This organization has sent as many e-mails today as it may. Please try again later.',
  'error.invalid_sender_token':
    'This verification link is invalid, expired or already used. An admin can send a new one.',
  'error.sender_not_found': 'This address is not a sender of the application.',
  'error.sender_already_verified': 'This sender is already verified.',

  // Tracking (what the SDKs send)
  'error.reserved_action':
    'This action name is reserved for the platform’s own audit trail (user., member., organization., token., …). Choose a name of your own, e.g. "cart_item_removed".',

  // Documentation assistant
  'error.question_required': 'Please enter a question',
  'error.guide_not_found': 'There is no guide with this name.',

  'error.webhook_not_found': 'Webhook not found.',
  'error.webhook_delivery_not_found': 'This delivery does not exist (any more).',
  'error.webhook_url_invalid':
    'The webhook URL must be a complete http:// or https:// address without user name and password.',
  'error.webhook_url_not_allowed':
    'Webhook URLs may not point at localhost, private or internal network addresses. Use a publicly reachable address.',
  'error.webhook_url_unresolvable':
    'The host name of the webhook URL cannot be resolved. Please check the URL.',
  'error.webhook_event_unknown':
    'At least one event type is unknown. Use names such as user.registered, user.* or *.',
  'error.webhook_scope_invalid':
    'The projects and applications of a webhook must belong to its organization.',
  'error.alert_not_found': 'This alert rule does not exist (any more).',
  'error.alert_metric_unavailable':
    'Alerts on funnel conversion are not available yet. Choose another metric.',
  'error.alert_recipient_not_member':
    'Alert e-mails go only to members of the organization. Invite the address first or remove it.',
  'error.alert_limit_reached': 'This organization has 100 alert rules. Delete one before you create another.',
  'error.webhook_limit_reached':
    'This organization has reached its limit of webhooks. Delete one you no longer need.',
  'error.webhook_disabled': 'This webhook is disabled. Enable it before sending events again.',
  'error.webhook_delivery_pending':
    'This delivery is still queued or being retried; it cannot be sent again yet.',

  'error.account_has_no_password':
    'Your account has no password. Confirm the deletion with the link we send you by e-mail, or set a password with “Forgot password” first.',
  'error.account_deletion_last_admin':
    'You are the last admin of an organization. Make another member admin there or deactivate the organization first; then you can delete your account.',

  'error.account_deletion_password_required':
    'Enter your password to delete your account; a code from the authenticator app alone is not enough.',
  'error.account_has_password': 'Your account has a password: delete it with your password.',
  'error.invalid_deletion_token':
    'The deletion link is invalid, has expired or was already used. Request a new one.',
  // OpenID Connect: the provider's sign-in requests (hosted sign-in and consent pages)
  'error.issuer_not_found':
    'This project has no OpenID Connect sign-in: it does not exist, is deactivated or has no active application.',
  'error.interaction_not_found':
    'This sign-in has expired or was started in another browser. Please start signing in again in the application.',
  'error.wrong_pool': "This session belongs to another project's users. Please sign in here again.",
  'error.fresh_sign_in_required': 'The application asks you to sign in again. Please sign in once more.',
  'error.second_factor_required':
    'The application asks for a sign-in with your second factor. Please sign in again and confirm with a code or passkey.',
  'error.interaction_account_mismatch':
    'This request is for another account. Please sign in with the account you started the sign-in with.',
  'error.interaction_prompt_mismatch': 'This sign-in is waiting for another step. Please reload the page.',

  'error.pool_user_not_found': 'There is no such user among this project’s users.',
  'error.pool_user_blocked': 'This user is blocked. Unblock them first, then send the link again.',
  'error.invalid_csv':
    'The CSV file could not be read. It must be UTF-8 with a header row naming the columns email, display_name, password_hash and email_verified (only email is required).',
  'error.mfa_already_enabled':
    'Two-factor sign-in is already on. Turn it off first to set up a new authenticator app.',
  'error.mfa_enrolment_not_started': 'No authenticator app is being set up. Start the setup again.',
  'error.mfa_not_enabled': 'Two-factor sign-in is not on for this account.',
  'error.invalid_mfa_code':
    'The code is not correct or was already used. Enter the current code from your authenticator app.',
  'error.invalid_recovery_code': 'The recovery code is not correct or was already used.',
  'error.invalid_mfa_token': 'The sign-in step has expired or was already completed. Please sign in again.',
  'error.second_factor_unavailable':
    'This account confirms sign-ins with a passkey, which cannot be used on this site. Sign in on the IAM Platform itself, or set up an authenticator app as well.',
  'error.passkey_sign_in_unavailable':
    "Passkeys can only be used on the IAM Platform's own pages, not on this site. Sign in another way here, or on the application's sign-in page.",
  'error.mfa_wrong_password': 'The password is not correct.',
  'error.mfa_proof_required': 'Enter your password or a current code from your authenticator app.',
  // Shown where a sensitive change was refused because the step-up dialog was cancelled.
  'error.reauthentication_required':
    "Nothing was changed: this change needs you to confirm it's you (password, code or passkey).",
};
