import { expect } from 'chai';
import type { Response, Test } from 'supertest';
import type { TestContext } from '../helpers/context.js';
import { Types } from 'mongoose';
import { bearer, createAuthContext, outbox, signedInUser, waitForMail } from '../auth/helpers.js';
import { authenticatorFor, registerPasskey } from '../mfa/passkey-helpers.js';
import {
  enrolledEndUser,
  expectRefusedByEmbeddingLogin,
  signedInEndUser,
  type EndUser,
} from '../helpers/end-users.js';
import { createToken } from '../projects/helpers.js';

type User = Awaited<ReturnType<typeof signedInUser>>;

/** Alice's tenant: one of everything, all of which Bob must not be able to see or touch. */
interface TenantA {
  organization: string;
  member: string;
  project: string;
  application: string;
  token: string;
  session: string;
  /** Alice's custom e-mail template and one of her application's system templates. */
  template: string;
  systemTemplate: string;
  /** Alice's webhook and one entry of its delivery log. */
  webhook: string;
  delivery: string;
  /** Alice's passkey. */
  passkey: string;
  /** A custom role of Alice's organization. */
  role: string;
  /** A pending invitation from Alice's organization to Carol (neither Bob's to answer). */
  invitation: string;
  /**
   * Dave, a customer of Alice's shop: an end user of her project's pool, signed in, with an
   * authenticator app, so blocking, signing out, a factor reset or a deletion would show.
   */
  poolUser: string;
  /** An application permission and the default role of Alice's project (Dave holds the role). */
  appPermission: string;
  appRole: string;
  /** A policy of Alice's project and one of her organization. */
  policy: string;
  organizationPolicy: string;
  /**
   * Two sign-ins at Alice's pool (her partner's third-party client) that Bob's browser started:
   * one waiting for the sign-in, one — after Bob signed in as her customer — for the consent; and
   * that browser's cookies for each (the provider binds an interaction to them).
   */
  loginInteraction: string;
  loginCookie: string;
  consentInteraction: string;
  consentCookie: string;
  /** An alert rule on Alice's application that has mailed her once (one history row). */
  alert: string;
}

interface Case {
  path?: (a: TenantA) => string;
  body?: (a: TenantA, bob: User) => Record<string, unknown>;
  query?: (a: TenantA) => Record<string, string>;
  headers?: (a: TenantA) => Record<string, string>;
  /** 404 by default: another tenant's resource must look like one that does not exist. */
  status?: number;
  /**
   * The error code of the refusal, where it tells a tenant check from another refusal; with
   * `apiToken`, also that of the token's 404 (`project_not_found` unless given).
   */
  code?: string;
  /**
   * Bob calls with a token from Alice's application's embedding login (his end-user account in
   * her project's pool) instead of his dashboard one.
   */
  embeddingToken?: true;
  /** Bob calls with a token from his own application's embedding login (an end user of his pool). */
  ownApplicationToken?: true;
  /**
   * Bob also calls with his API token (of his own application, read and write): 404 too where API
   * tokens are let in (`x-token-scope`), else 403 token_not_allowed, as for any token and any project.
   */
  apiToken?: true;
  /**
   * Bob also calls with his end-user token of Alice's application (her project's pool): 403
   * application_token_not_allowed, as on every product route — her pool's user is nobody on her
   * dashboard.
   */
  endUserToken?: true;
}

/**
 * Every authenticated operation of the OpenAPI document must appear in exactly one of these two
 * tables, so a new route cannot ship without saying how it keeps tenants apart.
 */
const CROSS_TENANT: Record<string, Case> = {
  'DELETE /api/v1/auth/sessions/{id}': { path: (a) => `/api/v1/auth/sessions/${a.session}` },
  // Passkeys: the caller's own only; Bob cannot rename or remove Alice's (not even with his own
  // password), nor with his end-user session from her own application (the hosted account page's).
  'PATCH /api/v1/auth/mfa/passkeys/{id}': {
    path: (a) => `/api/v1/auth/mfa/passkeys/${a.passkey}`,
    body: () => ({ name: 'Taken over' }),
    embeddingToken: true,
  },
  'DELETE /api/v1/auth/mfa/passkeys/{id}': {
    path: (a) => `/api/v1/auth/mfa/passkeys/${a.passkey}`,
    body: (_a, bob) => ({ password: bob.password }),
  },
  'GET /api/v1/organizations/{id}': { path: (a) => `/api/v1/organizations/${a.organization}` },
  'PATCH /api/v1/organizations/{id}': {
    path: (a) => `/api/v1/organizations/${a.organization}`,
    body: () => ({ name: 'Taken over' }),
  },
  'POST /api/v1/organizations/{id}/deactivate': {
    path: (a) => `/api/v1/organizations/${a.organization}/deactivate`,
  },
  'POST /api/v1/organizations/{id}/activate': {
    path: (a) => `/api/v1/organizations/${a.organization}/activate`,
  },
  'GET /api/v1/organizations/{id}/members': {
    path: (a) => `/api/v1/organizations/${a.organization}/members`,
  },
  'POST /api/v1/organizations/{id}/members': {
    path: (a) => `/api/v1/organizations/${a.organization}/members`,
    body: (_a, bob) => ({ email: bob.email, role: 'admin' }),
  },
  'PATCH /api/v1/organizations/{id}/members/{memberId}': {
    path: (a) => `/api/v1/organizations/${a.organization}/members/${a.member}`,
    body: () => ({ role: 'member' }),
  },
  'DELETE /api/v1/organizations/{id}/members/{memberId}': {
    path: (a) => `/api/v1/organizations/${a.organization}/members/${a.member}`,
  },
  // Skills: Bob sets none on Alice's members nor on Dave (not with his API token either).
  'PUT /api/v1/organizations/{id}/members/{member_id}/skills': {
    path: (a) => `/api/v1/organizations/${a.organization}/members/${a.member}/skills`,
    body: () => ({ skills: [{ name: 'Intrusion', level: 5 }] }),
    code: 'organization_not_found',
  },
  'PUT /api/v1/projects/{id}/users/{user_id}/skills': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}/skills`,
    body: () => ({ skills: [{ name: 'Intrusion', level: 5 }] }),
    code: 'project_not_found',
    apiToken: true,
  },
  // Alice's custom roles: Bob neither lists, adds, changes nor deletes them.
  'GET /api/v1/organizations/{id}/roles': { path: (a) => `/api/v1/organizations/${a.organization}/roles` },
  'POST /api/v1/organizations/{id}/roles': {
    path: (a) => `/api/v1/organizations/${a.organization}/roles`,
    body: () => ({ name: 'Intruder', permissions: ['project:read'] }),
  },
  'PATCH /api/v1/organizations/{id}/roles/{role_id}': {
    path: (a) => `/api/v1/organizations/${a.organization}/roles/${a.role}`,
    body: () => ({ permissions: ['organization:read'] }),
  },
  'DELETE /api/v1/organizations/{id}/roles/{role_id}': {
    path: (a) => `/api/v1/organizations/${a.organization}/roles/${a.role}`,
  },
  // Only the invited person answers an invitation; anyone else's id looks nonexistent.
  'POST /api/v1/invitations/{id}/accept': { path: (a) => `/api/v1/invitations/${a.invitation}/accept` },
  'POST /api/v1/invitations/{id}/decline': { path: (a) => `/api/v1/invitations/${a.invitation}/decline` },
  'GET /api/v1/activity-logs': { query: (a) => ({ organization_id: a.organization }) },
  'GET /api/v1/activity-logs/export': { query: (a) => ({ application_id: a.application }) },
  'GET /api/v1/analytics/summary': { query: (a) => ({ organization_id: a.organization }) },
  'GET /api/v1/analytics/functions': { query: (a) => ({ application_id: a.application }) },
  // Product analytics of Alice's application or project: Bob's session, his analytics token (of his
  // own application) and his end-user session at her application see nothing of them.
  'GET /api/v1/analytics/pages': {
    query: (a) => ({ application_id: a.application }),
    code: 'application_not_found',
    apiToken: true,
    endUserToken: true,
  },
  'GET /api/v1/analytics/funnel': {
    query: (a) => ({ application_id: a.application, steps: 'signup,login' }),
    code: 'application_not_found',
    apiToken: true,
    endUserToken: true,
  },
  'GET /api/v1/analytics/retention': {
    query: (a) => ({ project_id: a.project }),
    apiToken: true,
    endUserToken: true,
  },
  'GET /api/v1/analytics/stickiness': {
    query: (a) => ({ project_id: a.project }),
    apiToken: true,
    endUserToken: true,
  },
  'GET /api/v1/analytics/lifecycle': {
    query: (a) => ({ application_id: a.application }),
    code: 'application_not_found',
    apiToken: true,
    endUserToken: true,
  },
  // Alert rules: Bob neither lists, creates (mailing himself about her traffic), reads, mutes,
  // deletes nor test-fires Alice's, nor reads its history; API tokens get no alert route at all.
  'GET /api/v1/alerts': {
    query: (a) => ({ organization_id: a.organization }),
    apiToken: true,
    endUserToken: true,
  },
  'GET /api/v1/alerts/firing': {
    query: (a) => ({ application_id: a.application }),
    apiToken: true,
    endUserToken: true,
  },
  'POST /api/v1/alerts': {
    body: (a, bob) => ({ ...ALERT_RULE, application_id: a.application, channels: { emails: [bob.email] } }),
    apiToken: true,
    endUserToken: true,
  },
  'GET /api/v1/alerts/{id}': {
    path: (a) => `/api/v1/alerts/${a.alert}`,
    code: 'alert_not_found',
    apiToken: true,
    endUserToken: true,
  },
  'PATCH /api/v1/alerts/{id}': {
    path: (a) => `/api/v1/alerts/${a.alert}`,
    body: (_a, bob) => ({ muted: true, channels: { emails: [bob.email], webhook: false } }),
    code: 'alert_not_found',
    apiToken: true,
    endUserToken: true,
  },
  'DELETE /api/v1/alerts/{id}': {
    path: (a) => `/api/v1/alerts/${a.alert}`,
    code: 'alert_not_found',
    apiToken: true,
    endUserToken: true,
  },
  'GET /api/v1/alerts/{id}/history': {
    path: (a) => `/api/v1/alerts/${a.alert}/history`,
    code: 'alert_not_found',
    apiToken: true,
    endUserToken: true,
  },
  'POST /api/v1/alerts/{id}/test': {
    path: (a) => `/api/v1/alerts/${a.alert}/test`,
    code: 'alert_not_found',
    apiToken: true,
    endUserToken: true,
  },
  'POST /api/v1/projects': {
    body: (a) => ({ name: 'Intruder', slug: 'intruder', organization_id: a.organization }),
  },
  'GET /api/v1/projects': { query: (a) => ({ organization_id: a.organization }) },
  'GET /api/v1/projects/{id}': { path: (a) => `/api/v1/projects/${a.project}` },
  'PATCH /api/v1/projects/{id}': {
    path: (a) => `/api/v1/projects/${a.project}`,
    body: () => ({ name: 'Taken over' }),
  },
  'POST /api/v1/projects/{id}/deactivate': { path: (a) => `/api/v1/projects/${a.project}/deactivate` },
  'GET /api/v1/projects/{project_id}/pool': { path: (a) => `/api/v1/projects/${a.project}/pool` },
  'PATCH /api/v1/projects/{project_id}/pool': {
    path: (a) => `/api/v1/projects/${a.project}/pool`,
    body: () => ({ signup: 'closed', branding: { display_name: 'Taken over' } }),
  },
  // Application permissions and roles of Alice's project: Bob neither reads, defines, changes,
  // deletes nor assigns them (not with his API token either), not even to Dave.
  'GET /api/v1/projects/{id}/permissions': {
    path: (a) => `/api/v1/projects/${a.project}/permissions`,
    apiToken: true,
  },
  'POST /api/v1/projects/{id}/permissions': {
    path: (a) => `/api/v1/projects/${a.project}/permissions`,
    body: () => ({ name: 'intruder:read' }),
    apiToken: true,
  },
  'PATCH /api/v1/projects/{id}/permissions/{permission_id}': {
    path: (a) => `/api/v1/projects/${a.project}/permissions/${a.appPermission}`,
    body: () => ({ name: 'taken:over' }),
    apiToken: true,
  },
  'DELETE /api/v1/projects/{id}/permissions/{permission_id}': {
    path: (a) => `/api/v1/projects/${a.project}/permissions/${a.appPermission}`,
  },
  'GET /api/v1/projects/{id}/roles': { path: (a) => `/api/v1/projects/${a.project}/roles`, apiToken: true },
  'POST /api/v1/projects/{id}/roles': {
    path: (a) => `/api/v1/projects/${a.project}/roles`,
    body: () => ({ name: 'intruder', permissions: [], default: true }),
    apiToken: true,
  },
  'PATCH /api/v1/projects/{id}/roles/{role_id}': {
    path: (a) => `/api/v1/projects/${a.project}/roles/${a.appRole}`,
    body: () => ({ default: false, permissions: [] }),
    apiToken: true,
  },
  'DELETE /api/v1/projects/{id}/roles/{role_id}': {
    path: (a) => `/api/v1/projects/${a.project}/roles/${a.appRole}`,
  },
  'GET /api/v1/projects/{id}/users/{user_id}/roles': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}/roles`,
    apiToken: true,
  },
  'PUT /api/v1/projects/{id}/users/{user_id}/roles': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}/roles`,
    body: () => ({ roles: [] }),
    apiToken: true,
  },
  // Policies of Alice's project and organization: Bob neither reads, adds, changes nor deletes
  // them (not with his API token either, whose scope each route takes).
  'GET /api/v1/projects/{id}/policies': {
    path: (a) => `/api/v1/projects/${a.project}/policies`,
    code: 'project_not_found',
    apiToken: true,
  },
  'POST /api/v1/projects/{id}/policies': {
    path: (a) => `/api/v1/projects/${a.project}/policies`,
    body: () => INTRUDER_POLICY,
    code: 'project_not_found',
    apiToken: true,
  },
  'GET /api/v1/projects/{id}/policies/{policy_id}': {
    path: (a) => `/api/v1/projects/${a.project}/policies/${a.policy}`,
    code: 'project_not_found',
    apiToken: true,
  },
  'PATCH /api/v1/projects/{id}/policies/{policy_id}': {
    path: (a) => `/api/v1/projects/${a.project}/policies/${a.policy}`,
    body: () => ({ enabled: false }),
    code: 'project_not_found',
    apiToken: true,
  },
  'DELETE /api/v1/projects/{id}/policies/{policy_id}': {
    path: (a) => `/api/v1/projects/${a.project}/policies/${a.policy}`,
    code: 'project_not_found',
    apiToken: true,
  },
  'GET /api/v1/organizations/{id}/policies': {
    path: (a) => `/api/v1/organizations/${a.organization}/policies`,
    code: 'organization_not_found',
    apiToken: true,
  },
  'POST /api/v1/organizations/{id}/policies': {
    path: (a) => `/api/v1/organizations/${a.organization}/policies`,
    body: () => INTRUDER_POLICY,
    code: 'organization_not_found',
    apiToken: true,
  },
  'GET /api/v1/organizations/{id}/policies/{policy_id}': {
    path: (a) => `/api/v1/organizations/${a.organization}/policies/${a.organizationPolicy}`,
    code: 'organization_not_found',
    apiToken: true,
  },
  'PATCH /api/v1/organizations/{id}/policies/{policy_id}': {
    path: (a) => `/api/v1/organizations/${a.organization}/policies/${a.organizationPolicy}`,
    body: () => ({ enabled: false }),
    code: 'organization_not_found',
    apiToken: true,
  },
  'DELETE /api/v1/organizations/{id}/policies/{policy_id}': {
    path: (a) => `/api/v1/organizations/${a.organization}/policies/${a.organizationPolicy}`,
    code: 'organization_not_found',
    apiToken: true,
  },
  // The check API decides nothing in Alice's project for Bob, nor for his token (bound to his own
  // project); about Alice's people in his own project: below ("… no subject in Bob's project").
  'POST /api/v1/authorize': {
    body: (a) => ({ project_id: a.project, subject: { user_id: a.poolUser }, action: 'invoice:read' }),
    code: 'project_not_found',
    apiToken: true,
  },
  // User management of Alice's pool: Bob (an admin, of his own organization) reaches neither the
  // list nor Dave; no one is invited, imported, blocked, signed out, reset, mailed or deleted.
  'GET /api/v1/projects/{project_id}/users': {
    path: (a) => `/api/v1/projects/${a.project}/users`,
    apiToken: true,
  },
  'POST /api/v1/projects/{project_id}/users/import': {
    path: (a) => `/api/v1/projects/${a.project}/users/import`,
    body: (_a, bob) => ({ users: [{ email: bob.email, email_verified: true }] }),
    apiToken: true,
  },
  'POST /api/v1/projects/{project_id}/users/invite': {
    path: (a) => `/api/v1/projects/${a.project}/users/invite`,
    body: (_a, bob) => ({ email: bob.email }),
    apiToken: true,
  },
  'GET /api/v1/projects/{project_id}/users/{user_id}': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}`,
    apiToken: true,
  },
  'GET /api/v1/projects/{project_id}/users/{user_id}/export': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}/export`,
    apiToken: true,
  },
  'POST /api/v1/projects/{project_id}/users/{user_id}/block': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}/block`,
    apiToken: true,
  },
  'POST /api/v1/projects/{project_id}/users/{user_id}/unblock': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}/unblock`,
    apiToken: true,
  },
  'POST /api/v1/projects/{project_id}/users/{user_id}/sign-out': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}/sign-out`,
    apiToken: true,
  },
  'POST /api/v1/projects/{project_id}/users/{user_id}/second-factor/reset': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}/second-factor/reset`,
    apiToken: true,
  },
  'POST /api/v1/projects/{project_id}/users/{user_id}/password-reset': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}/password-reset`,
    apiToken: true,
  },
  'DELETE /api/v1/projects/{project_id}/users/{user_id}': {
    path: (a) => `/api/v1/projects/${a.project}/users/${a.poolUser}`,
    apiToken: true,
  },
  'POST /api/v1/applications': {
    body: (a) => ({ name: 'Intruder', slug: 'intruder', project_id: a.project }),
  },
  'GET /api/v1/applications': { query: (a) => ({ project_id: a.project }) },
  'GET /api/v1/applications/{id}': { path: (a) => `/api/v1/applications/${a.application}` },
  'PATCH /api/v1/applications/{id}': {
    path: (a) => `/api/v1/applications/${a.application}`,
    body: () => ({ name: 'Taken over' }),
  },
  'DELETE /api/v1/applications/{id}': { path: (a) => `/api/v1/applications/${a.application}` },
  'POST /api/v1/applications/{id}/oidc/secret': {
    path: (a) => `/api/v1/applications/${a.application}/oidc/secret`,
    body: () => ({ overlap_seconds: 0 }),
  },
  'POST /api/v1/tokens': {
    body: (a) => ({ name: 'Intruder', scopes: ['admin'], application_id: a.application }),
  },
  'GET /api/v1/tokens/{id}': { path: (a) => `/api/v1/tokens/${a.token}` },
  'POST /api/v1/tokens/{id}/revoke': { path: (a) => `/api/v1/tokens/${a.token}/revoke` },
  'POST /api/v1/permissions': { body: (a) => ({ application_id: a.application }) },
  // A token of Bob's application (an end user of his pool) is no key to Alice's application.
  'POST /api/auth/permissions': {
    headers: (a) => ({ 'X-Application-ID': a.application }),
    ownApplicationToken: true,
    status: 401,
  },
  // The embedding check answers for the application's own end users: not one of Bob's pool.
  'POST /api/auth/authorize': {
    headers: (a) => ({ 'X-Application-ID': a.application }),
    body: () => ({ action: 'invoice:read' }),
    ownApplicationToken: true,
    status: 401,
    code: 'token_audience_mismatch',
  },
  // Alice's pool's OpenID sign-ins take her pool's end users only: Bob, in the browser that
  // started them, cannot complete one with his own pool's session (nor consent with it, where
  // the sign-in was his as her customer: the pool check refuses it before any other).
  'POST /oidc/{pool}/interaction/{uid}/login': {
    path: (a) => `/oidc/${a.project}/interaction/${a.loginInteraction}/login`,
    headers: (a) => ({ Cookie: a.loginCookie }),
    body: () => ({}),
    ownApplicationToken: true,
    status: 403,
    code: 'wrong_pool',
  },
  'POST /oidc/{pool}/interaction/{uid}/consent': {
    path: (a) => `/oidc/${a.project}/interaction/${a.consentInteraction}/consent`,
    headers: (a) => ({ Cookie: a.consentCookie }),
    body: () => ({ approve: true }),
    ownApplicationToken: true,
    status: 403,
    code: 'wrong_pool',
  },
  // A sign-in code for Alice's application needs her application's session (the hosted pages').
  'POST /api/auth/hosted/code': {
    headers: (a) => ({ 'X-Application-ID': a.application }),
    body: () => ({
      redirect_uri: 'https://bob.example/callback',
      code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    }),
    ownApplicationToken: true,
    status: 401,
  },
  'GET /api/v1/installations': { query: (a) => ({ application_id: a.application }) },
  'GET /api/v1/anonymous-users': { query: (a) => ({ application_id: a.application }) },
  // A token of Bob's application cannot link identities in Alice's application.
  'POST /api/v1/identify': {
    headers: (a) => ({ 'X-Application-ID': a.application }),
    body: () => ({ anonymous_id: ALICE_ANONYMOUS_ID, installation_id: ALICE_INSTALLATION_ID }),
    ownApplicationToken: true,
    status: 401,
  },
  'GET /api/v1/email-templates': { query: (a) => ({ application_id: a.application }) },
  'POST /api/v1/email-templates': {
    body: (a) => ({
      application_id: a.application,
      name: 'Intruder',
      subject: 'Hi',
      html_content: '<p>Hi</p>',
    }),
  },
  'GET /api/v1/email-templates/{id}': { path: (a) => `/api/v1/email-templates/${a.template}` },
  'PATCH /api/v1/email-templates/{id}': {
    path: (a) => `/api/v1/email-templates/${a.template}`,
    body: () => ({ subject: 'Taken over' }),
  },
  'DELETE /api/v1/email-templates/{id}': { path: (a) => `/api/v1/email-templates/${a.template}` },
  'POST /api/v1/email-templates/{id}/reset': {
    path: (a) => `/api/v1/email-templates/${a.systemTemplate}/reset`,
  },
  'POST /api/v1/email-templates/{id}/preview': {
    path: (a) => `/api/v1/email-templates/${a.template}/preview`,
    body: () => ({ data: {} }),
  },
  'POST /api/v1/applications/{id}/email-templates/copy-system': {
    path: (a) => `/api/v1/applications/${a.application}/email-templates/copy-system`,
  },
  'GET /api/v1/applications/{id}/refused-origins': {
    path: (a) => `/api/v1/applications/${a.application}/refused-origins`,
  },
  'GET /api/v1/applications/{id}/snippets': {
    path: (a) => `/api/v1/applications/${a.application}/snippets?kind=sdk`,
  },
  'GET /api/v1/applications/{id}/email-settings': {
    path: (a) => `/api/v1/applications/${a.application}/email-settings`,
  },
  'PATCH /api/v1/applications/{id}/email-settings': {
    path: (a) => `/api/v1/applications/${a.application}/email-settings`,
    body: (_a, bob) => ({ verified_senders: [bob.email] }),
  },
  'POST /api/v1/applications/{id}/email-settings/sender-verification': {
    path: (a) => `/api/v1/applications/${a.application}/email-settings/sender-verification`,
    body: (_a, bob) => ({ address: bob.email }),
  },
  'POST /api/v1/email/send': {
    body: (a, bob) => ({ to: bob.email, subject: 'Hi', html: '<p>Hi</p>', applicationId: a.application }),
  },
  'POST /functions/v1/send-email': {
    body: (a, bob) => ({ to: bob.email, template: 'welcome', applicationId: a.application }),
  },
  'GET /api/v1/organizations/{id}/webhooks': {
    path: (a) => `/api/v1/organizations/${a.organization}/webhooks`,
  },
  'POST /api/v1/organizations/{id}/webhooks': {
    path: (a) => `/api/v1/organizations/${a.organization}/webhooks`,
    body: () => ({ url: 'https://bob.example/hook', events: ['*'] }),
  },
  'GET /api/v1/webhooks/{id}': { path: (a) => `/api/v1/webhooks/${a.webhook}` },
  'PATCH /api/v1/webhooks/{id}': {
    path: (a) => `/api/v1/webhooks/${a.webhook}`,
    body: () => ({ url: 'https://bob.example/hook', rotate_secret: true }),
  },
  'DELETE /api/v1/webhooks/{id}': { path: (a) => `/api/v1/webhooks/${a.webhook}` },
  'GET /api/v1/webhooks/{id}/deliveries': { path: (a) => `/api/v1/webhooks/${a.webhook}/deliveries` },
  'POST /api/v1/webhooks/{id}/test': { path: (a) => `/api/v1/webhooks/${a.webhook}/test` },
  'POST /api/v1/webhooks/deliveries/{id}/redeliver': {
    path: (a) => `/api/v1/webhooks/deliveries/${a.delivery}/redeliver`,
  },
};

const ALICE_INSTALLATION_ID = `inst_${'a1'.repeat(16)}`;
/** Where Alice's partner's shop (a third-party client of her pool's OpenID provider) gets its answers. */
const PARTNER_CALLBACK = 'https://partner.example/callback';
/** What Bob would like to hold in Alice's project. */
const INTRUDER_POLICY = { name: 'Intruder', effect: 'allow', actions: ['invoice:read'] };
/** Bob's password as an end user of Alice's (and his own) application; not his dashboard one. */
const BOB_SHOP_PASSWORD = 'bob shops elsewhere';
const ALICE_ANONYMOUS_ID = `anon_${'a1'.repeat(16)}`;
/** A rule that no call below can make fire (and the evaluator does not run in tests). */
const ALERT_RULE = {
  name: 'Checkout errors',
  metric: 'error_rate',
  comparator: 'gt',
  threshold: 50,
  window_s: 300,
};

/**
 * A browser's sign-in at a pool's OpenID provider for a client: the authorization request (PKCE),
 * followed with the cookies the provider sets to the interaction it waits at; with `session`, the
 * hosted page hands that application session over (POST …/login) and the browser goes on to the
 * consent interaction. Answers the interaction's uid and the browser's cookies.
 */
async function openIdInteraction(ctx: TestContext, pool: string, clientId: string, session?: string) {
  const jar = new Map<string, string>();
  const cookies = () => [...jar].map(([name, value]) => `${name}=${value}`).join('; ');
  const keep = (response: Response) => {
    for (const line of ([] as string[]).concat(response.headers['set-cookie'] ?? [])) {
      const [pair = ''] = line.split(';');
      const name = pair.slice(0, pair.indexOf('='));
      const value = pair.slice(pair.indexOf('=') + 1);
      if (value && !/expires=Thu, 01 Jan 1970/i.test(line)) jar.set(name, value);
      else jar.delete(name);
    }
    return response;
  };
  /** Where the provider sends the browser from `url`: its interaction page (answers the uid). */
  const interactionAfter = async (url: string) => {
    const target = new URL(url, 'http://localhost');
    const response = keep(
      await ctx.request.get(`${target.pathname}${target.search}`).set('Cookie', cookies()),
    );
    expect(response.status, JSON.stringify(response.body)).to.be.within(300, 399);
    const path = new URL(response.headers.location as string, 'http://localhost').pathname;
    const uid = new RegExp(`^/oidc/${pool}/interaction/([^/]+)$`).exec(path)?.[1];
    expect(uid, path).to.be.a('string');
    return uid!;
  };
  const request = new URLSearchParams({
    client_id: clientId,
    redirect_uri: PARTNER_CALLBACK,
    response_type: 'code',
    scope: 'openid',
    code_challenge: 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM',
    code_challenge_method: 'S256',
    state: 'partner-state',
  });
  let uid = await interactionAfter(`/oidc/${pool}/auth?${request}`);
  if (session) {
    const login = keep(
      await ctx.request
        .post(`/oidc/${pool}/interaction/${uid}/login`)
        .set('Cookie', cookies())
        .set(bearer(session))
        .send({}),
    );
    expect(login.status, JSON.stringify(login.body)).to.equal(200);
    uid = await interactionAfter(login.body.redirect_to as string);
  }
  return { uid, cookie: cookies() };
}

/** Operations that only ever act on the caller's own data (no tenant id goes in). */
const SELF_SCOPED = new Set([
  'POST /api/v1/auth/logout',
  'GET /api/v1/auth/sessions',
  'GET /api/v1/auth/me',
  'PATCH /api/v1/auth/me',
  // GDPR export and account deletion: the caller's own data only.
  'GET /api/v1/auth/me/export',
  'DELETE /api/v1/auth/me',
  'POST /api/v1/auth/me/deletion-confirmations',
  // Changing the caller's own address (an end user's: within their pool; email-change.test.ts).
  'POST /api/v1/auth/me/email',
  // Two-factor, passkeys and step-up of the caller's own account. An end user's application
  // session reaches them too (the pool's hosted account page), acting on that end user's own
  // account only: checked below ("an end user's token …").
  'POST /api/v1/auth/mfa/totp',
  'POST /api/v1/auth/mfa/totp/confirm',
  'DELETE /api/v1/auth/mfa/totp',
  'POST /api/v1/auth/mfa/recovery-codes',
  'POST /api/v1/auth/mfa/passkeys/options',
  'POST /api/v1/auth/mfa/passkeys',
  'GET /api/v1/auth/mfa/passkeys',
  'POST /api/v1/auth/reauthenticate',
  'POST /api/v1/auth/reauthenticate/passkey-options',
  'POST /api/v1/verify',
  // The first-run checklist of the caller's own account (steps computed from the organizations the
  // caller belongs to; another organization's data never ticks one: server/test/onboarding).
  'GET /api/v1/onboarding',
  'POST /api/v1/onboarding/dismissal',
  'DELETE /api/v1/onboarding/dismissal',
  // Embedding API: answers with the caller's own user; the application id only selects CORS rules.
  'POST /api/auth/verify',
  'POST /api/auth/logout',
  'POST /api/v1/organizations',
  'GET /api/v1/organizations',
  // The caller's own pending invitations (Bob's list is checked below not to hold Alice's).
  'GET /api/v1/invitations',
  'GET /api/v1/tokens',
  // The platform's permission catalog: the same for every caller, no tenant id goes in.
  'GET /api/v1/permissions/catalog',
  // Global admin routes: refused with 403 to non-admins (tested in organizations.test.ts).
  'GET /api/v1/admin/users',
  'GET /api/v1/admin/organizations',
  // Global admins only: the assistant's unanswered questions (tested in assistant/assistant.test.ts).
  'GET /api/v1/assistant/unanswered',
  // Service-wide health history: the same for every caller, no tenant id goes in.
  'GET /api/v1/analytics/health',
  // The caller's own mail language.
  'GET /api/v1/email/preferences',
  'PATCH /api/v1/email/preferences',
]);

/** Tenant data that Bob's calls must leave exactly as it was. */
const GUARDED_COLLECTIONS = [
  'organizations',
  'organization_members',
  'organization_roles',
  'projects',
  'applications',
  'api_tokens',
  'auth_sessions',
  'installations',
  'anonymous_users',
  'analytics_events',
  'email_templates',
  'email_settings',
  'email_senders',
  'email_logs',
  'webhooks',
  'webhook_deliveries',
  'mfa_passkeys',
  // Accounts (Dave's blocked_at, imported or invited end users), their authenticator apps,
  // reset and invitation links, the mails sent (the development outbox) and pool settings.
  'profiles',
  'mfa_factors',
  'auth_tokens',
  'dev_outbox',
  'user_pools',
  'project_permissions',
  'project_roles',
  'project_default_roles',
  'policies',
  'alert_rules',
  'alert_history',
];

describe('tenant isolation: every route, with another tenant’s ids', () => {
  let ctx: TestContext;
  let alice: User;
  let bob: User;
  let tenant: TenantA;
  let operations: string[];
  /** Each authenticated operation's `x-token-scope`: null where no API token is let in. */
  let tokenScopes: Record<string, string | null>;
  let bobOrganization: string;
  let bobProject: string;
  let bobApplication: string;
  let bobApiToken: string;
  let bobAtAlice: EndUser;
  let bobEmbeddingToken: string;
  let bobOwnApplicationToken: string;

  const snapshot = async () => {
    // Sign-in times are written within a second behind the answer (#38): the setup's sign-ins land first.
    await ctx.services.auth.drain();
    const state: Record<string, unknown> = {};
    for (const name of GUARDED_COLLECTIONS) {
      state[name] = await ctx.database.connection.collection(name).find({}).sort({ _id: 1 }).toArray();
    }
    const copy = JSON.parse(JSON.stringify(state));
    // Bob's calls with his own API token note its use on it: his own data, not Alice's.
    for (const row of copy.api_tokens as Array<{ user_id: string; last_used_at?: unknown }>)
      if (row.user_id === bob.user.id) delete row.last_used_at;
    return copy;
  };

  before(async () => {
    ctx = await createAuthContext();
    alice = await signedInUser(ctx, 'tenant-a');
    bob = await signedInUser(ctx, 'tenant-b');
    const as = (user: User) => bearer(user.access_token);
    bobOrganization = (
      await ctx.request
        .post('/api/v1/organizations')
        .set(as(bob))
        .send({ name: 'Bob Co', slug: 'bob-co' })
        .expect(201)
    ).body.id;
    bobProject = (
      await ctx.request
        .post('/api/v1/projects')
        .set(as(bob))
        .send({ name: 'Bob Web', slug: 'bob-web', organization_id: bobOrganization })
        .expect(201)
    ).body.id;
    bobApplication = (
      await ctx.request
        .post('/api/v1/applications')
        .set(as(bob))
        .send({ name: 'Bob Shop', slug: 'bob-shop', project_id: bobProject })
        .expect(201)
    ).body.id;
    const organization = (
      await ctx.request
        .post('/api/v1/organizations')
        .set(as(alice))
        .send({ name: 'Alice Co', slug: 'alice-co' })
        .expect(201)
    ).body.id;
    const member = (
      await ctx.request.get(`/api/v1/organizations/${organization}/members`).set(as(alice)).expect(200)
    ).body.data[0].id;
    const project = (
      await ctx.request
        .post('/api/v1/projects')
        .set(as(alice))
        .send({ name: 'Web', slug: 'web', organization_id: organization })
        .expect(201)
    ).body.id;
    const application = (
      await ctx.request
        .post('/api/v1/applications')
        .set(as(alice))
        .send({ name: 'Shop', slug: 'shop', project_id: project })
        .expect(201)
    ).body.id;
    const token = (
      await ctx.request
        .post('/api/v1/tokens')
        .set(as(alice))
        .send({ name: 'CI', scopes: ['read'], application_id: application })
        .expect(201)
    ).body.id;
    const session = (await ctx.request.get('/api/v1/auth/sessions').set(as(alice)).expect(200)).body.data[0]
      .id;
    const systemTemplate = (
      await ctx.request
        .get('/api/v1/email-templates')
        .query({ application_id: application, kind: 'system' })
        .set(as(alice))
        .expect(200)
    ).body.data[0].id;
    const template = (
      await ctx.request
        .post('/api/v1/email-templates')
        .set(as(alice))
        .send({ application_id: application, name: 'Receipt', subject: 'Receipt', html_content: '<p>Hi</p>' })
        .expect(201)
    ).body.id;
    // A webhook for an event none of the calls below causes, so its log holds still; its one
    // entry is a "send test event" to a port where nothing listens.
    const webhook = (
      await ctx.request
        .post(`/api/v1/organizations/${organization}/webhooks`)
        .set(as(alice))
        .send({ url: 'http://127.0.0.1:9/hook', events: ['user.deleted'] })
        .expect(201)
    ).body.id;
    const delivery = (await ctx.request.post(`/api/v1/webhooks/${webhook}/test`).set(as(alice)).expect(200))
      .body.id;
    const passkey = (await registerPasskey(ctx, alice.access_token, authenticatorFor(ctx), 'Alice laptop'))
      .id;
    const dave = await enrolledEndUser(ctx, application, { prefix: 'tenant-a-customer' });
    const poolUser = dave.id;
    // The mails of his sign-up go out after the answers; they are in before anything is compared.
    await waitForMail(ctx, dave.email, 'welcome');
    await waitForMail(ctx, dave.email, 'second_factor_changed');
    const appPermission = (
      await ctx.request
        .post(`/api/v1/projects/${project}/permissions`)
        .set(as(alice))
        .send({ name: 'invoice:read' })
        .expect(201)
    ).body.id;
    const appRole = (
      await ctx.request
        .post(`/api/v1/projects/${project}/roles`)
        .set(as(alice))
        .send({ name: 'customer', permissions: ['invoice:read'], default: true })
        .expect(201)
    ).body.id;
    await ctx.request
      .put(`/api/v1/projects/${project}/users/${poolUser}/roles`)
      .set(as(alice))
      .send({ roles: ['customer'] })
      .expect(200);
    const role = (
      await ctx.request
        .post(`/api/v1/organizations/${organization}/roles`)
        .set(as(alice))
        .send({ name: 'Auditor', permissions: ['organization:read', 'log:read'] })
        .expect(201)
    ).body.id;
    const policy = (
      await ctx.request
        .post(`/api/v1/projects/${project}/policies`)
        .set(as(alice))
        .send({ name: 'Office hours', effect: 'deny', actions: ['invoice:read'] })
        .expect(201)
    ).body.id;
    const organizationPolicy = (
      await ctx.request
        .post(`/api/v1/organizations/${organization}/policies`)
        .set(as(alice))
        .send({ name: 'Auditors read', effect: 'allow', actions: ['invoice:read'] })
        .expect(201)
    ).body.id;
    // Her partner's shop signs her customers in through her pool's OpenID provider (a third-party
    // client: the customer consents).
    const partner = (
      await ctx.request
        .post('/api/v1/applications')
        .set(as(alice))
        .send({ name: 'Partner', slug: 'partner', project_id: project })
        .expect(201)
    ).body.id;
    await ctx.request
      .patch(`/api/v1/applications/${partner}`)
      .set(as(alice))
      .send({
        oidc: {
          client_type: 'spa',
          redirect_uris: [PARTNER_CALLBACK],
          grant_types: ['authorization_code'],
          first_party: false,
        },
      })
      .expect(200);
    const carol = await signedInUser(ctx, 'tenant-a-invitee');
    const invitation = (
      await ctx.request
        .post(`/api/v1/organizations/${organization}/members`)
        .set(as(alice))
        .send({ email: carol.email })
        .expect(201)
    ).body.id;
    const aliceTenant = {
      appPermission,
      appRole,
      passkey,
      role,
      organization,
      member,
      project,
      application,
      token,
      session,
      template,
      systemTemplate,
      webhook,
      delivery,
      invitation,
      poolUser,
      policy,
      organizationPolicy,
    };
    // Bob's dashboard account is nobody at Alice's application (another pool); he signs up there
    // as her customer: an end user of her project's pool with the same address, another password.
    await expectRefusedByEmbeddingLogin(ctx, application, bob.email, bob.password);
    const bobSignedInAtAlice = await signedInEndUser(ctx, application, {
      email: bob.email,
      password: BOB_SHOP_PASSWORD,
    });
    bobAtAlice = bobSignedInAtAlice;
    bobEmbeddingToken = bobSignedInAtAlice.token;
    bobOwnApplicationToken = (
      await signedInEndUser(ctx, bobApplication, { email: bob.email, password: BOB_SHOP_PASSWORD })
    ).token;
    bobApiToken = await createToken(ctx, bob, bobApplication, ['read', 'write', 'delete', 'analytics']);
    // Bob's browser starts two sign-ins at the partner's shop; in the second he signs in as Alice's
    // customer, so it waits for his consent.
    const atLogin = await openIdInteraction(ctx, project, partner);
    const atConsent = await openIdInteraction(ctx, project, partner, bobEmbeddingToken);
    // Alice's alert rule mails her (an active member) and has sent one test: a row of history.
    const alert = (
      await ctx.request
        .post('/api/v1/alerts')
        .set(as(alice))
        .send({ ...ALERT_RULE, application_id: application, channels: { emails: [alice.email] } })
        .expect(201)
    ).body.id;
    await ctx.request.post(`/api/v1/alerts/${alert}/test`).set(as(alice)).expect(200);
    await waitForMail(ctx, alice.email, 'alert');
    tenant = {
      ...aliceTenant,
      loginInteraction: atLogin.uid,
      loginCookie: atLogin.cookie,
      consentInteraction: atConsent.uid,
      consentCookie: atConsent.cookie,
      alert,
    };
    // Alice's application has tracking data: an installation, an anonymous user, events, and
    // SDK activity of an anonymous user linked to Bob (he signed in on her site), which is hers.
    const sdk = { 'X-Application-ID': application };
    await ctx.request
      .post('/api/v1/installations')
      .set(sdk)
      .send({ installation_id: ALICE_INSTALLATION_ID, anonymous_id: ALICE_ANONYMOUS_ID, is_anonymous: true })
      .expect(201);
    await ctx.request
      .post('/api/v1/analytics')
      .set(sdk)
      .send({ events: [{ id: 'evt_alice', event: 'page_view' }] })
      .expect(200);
    const bobOnAliceSite = `anon_${'b0'.repeat(16)}`;
    await ctx.request
      .post('/api/v1/identify')
      .set(sdk)
      .set(bearer(bobEmbeddingToken))
      .send({ anonymous_id: bobOnAliceSite })
      .expect(200);
    await ctx.request
      .post('/api/v1/activity')
      .set(sdk)
      .send({ action: 'page_view', resource_type: 'component', anonymous_user_id: bobOnAliceSite })
      .expect(201);

    const document = (await ctx.request.get('/api/v1/openapi.json').expect(200)).body as {
      paths: Record<string, Record<string, { security?: unknown; 'x-token-scope'?: string | null }>>;
    };
    const authenticated = Object.entries(document.paths).flatMap(([path, methods]) =>
      Object.entries(methods)
        .filter(([, operation]) => operation.security)
        .map(([method, operation]) => [`${method.toUpperCase()} ${path}`, operation] as const),
    );
    operations = authenticated.map(([operation]) => operation);
    tokenScopes = Object.fromEntries(
      authenticated.map(([operation, spec]) => [operation, spec['x-token-scope'] ?? null]),
    );
  });
  after(() => ctx.close());

  it('classifies every authenticated route (a new route must add its cross-tenant case)', () => {
    const unclassified = operations.filter((op) => !(op in CROSS_TENANT) && !SELF_SCOPED.has(op));
    expect(unclassified, 'routes without a cross-tenant case').to.deep.equal([]);
    const stale = Object.keys(CROSS_TENANT).filter((op) => !operations.includes(op));
    expect(stale, 'cases for routes that no longer exist').to.deep.equal([]);
  });

  it("answers 404 to Bob for each of Alice's resources and changes nothing", async () => {
    const before = await snapshot();
    // Alice's alert rule and its history row are there for Bob's calls to change.
    expect(before.alert_rules, 'alert rules').to.have.length(1);
    expect(before.alert_history, 'alert history').to.have.length(1);
    const failures: string[] = [];
    for (const operation of operations.filter((op) => op in CROSS_TENANT)) {
      const spec = CROSS_TENANT[operation]!;
      const [method, template] = operation.split(' ') as [string, string];
      const path = spec.path ? spec.path(tenant) : template;
      let request = (ctx.request as unknown as Record<string, (url: string) => Test>)[method.toLowerCase()]!(
        path,
      ).set(
        bearer(
          spec.embeddingToken
            ? bobEmbeddingToken
            : spec.ownApplicationToken
              ? bobOwnApplicationToken
              : bob.access_token,
        ),
      );
      if (spec.query) request = request.query(spec.query(tenant));
      if (spec.headers) request = request.set(spec.headers(tenant));
      if (spec.body) request = request.send(spec.body(tenant, bob));
      const response = await request;
      const expected = spec.status ?? 404;
      if (response.status !== expected || (spec.code && response.body.code !== spec.code))
        failures.push(`${operation}: ${response.status} ${JSON.stringify(response.body)}`);
      if (spec.apiToken) {
        let viaToken = (ctx.request as unknown as Record<string, (url: string) => Test>)[
          method.toLowerCase()
        ]!(path).set(bearer(bobApiToken));
        if (spec.query) viaToken = viaToken.query(spec.query(tenant));
        if (spec.body) viaToken = viaToken.send(spec.body(tenant, bob));
        const answer = await viaToken;
        const wanted = tokenScopes[operation]
          ? [404, spec.code ?? 'project_not_found']
          : [403, 'token_not_allowed'];
        if (answer.status !== wanted[0] || answer.body.code !== wanted[1])
          failures.push(`${operation} (API token): ${answer.status} ${JSON.stringify(answer.body)}`);
      }
      if (spec.endUserToken) {
        let asEndUser = (ctx.request as unknown as Record<string, (url: string) => Test>)[
          method.toLowerCase()
        ]!(path).set(bearer(bobEmbeddingToken));
        if (spec.query) asEndUser = asEndUser.query(spec.query(tenant));
        if (spec.body) asEndUser = asEndUser.send(spec.body(tenant, bob));
        const answer = await asEndUser;
        if (answer.status !== 403 || answer.body.code !== 'application_token_not_allowed')
          failures.push(
            `${operation} (end user of Alice's pool): ${answer.status} ${JSON.stringify(answer.body)}`,
          );
      }
    }
    expect(failures).to.deep.equal([]);
    expect(await snapshot()).to.deep.equal(before);
  });

  it("Alice's end user is nobody in Bob's own pool: 404 pool_user_not_found, and nothing changes", async () => {
    const before = await snapshot();
    const oneUser = operations.filter((op) => op.includes('/api/v1/projects/{project_id}/users/{user_id}'));
    expect(oneUser, 'the routes about one user of a pool').to.have.length.of.at.least(8);
    const failures: string[] = [];
    for (const operation of oneUser) {
      const [method, template] = operation.split(' ') as [string, string];
      const path = template.replace('{project_id}', bobProject).replace('{user_id}', tenant.poolUser);
      const call = (credential: string) =>
        (ctx.request as unknown as Record<string, (url: string) => Test>)[method.toLowerCase()]!(path).set(
          bearer(credential),
        );
      // Bob administers his project: its pool just has no such user (Dave is Alice's).
      const asAdmin = await call(bob.access_token);
      if (asAdmin.status !== 404 || asAdmin.body.code !== 'pool_user_not_found')
        failures.push(`${operation}: ${asAdmin.status} ${JSON.stringify(asAdmin.body)}`);
      // His API token is for that project too; where no token is let in, it is refused first.
      const viaToken = await call(bobApiToken);
      const wanted = tokenScopes[operation] ? [404, 'pool_user_not_found'] : [403, 'token_not_allowed'];
      if (viaToken.status !== wanted[0] || viaToken.body.code !== wanted[1])
        failures.push(`${operation} (API token): ${viaToken.status} ${JSON.stringify(viaToken.body)}`);
    }
    expect(failures).to.deep.equal([]);
    expect(await snapshot()).to.deep.equal(before);
    // Spelled out: Dave still exists, is not blocked, keeps his authenticator app and got no mail
    // but his own sign-up's (no reset link, no invitation).
    const dave = await ctx.database.connection
      .collection('profiles')
      .findOne({ _id: new Types.ObjectId(tenant.poolUser) });
    expect(dave, 'Dave').to.exist;
    expect(dave!.blocked_at ?? null).to.equal(null);
    expect(
      await ctx.database.connection.collection('mfa_factors').countDocuments({ user_id: dave!._id }),
    ).to.be.greaterThan(0);
    const mails = await outbox(ctx, dave!.email as string);
    expect(mails.map((mail) => mail.template_name)).to.have.members([
      'email_confirmation',
      'welcome',
      'second_factor_changed',
    ]);
  });

  it("Alice's people and sign-ins are nobody in Bob's own project: skills, checks and OpenID refuse them", async () => {
    const before = await snapshot();
    const asBob = bearer(bob.access_token);
    const viaToken = bearer(bobApiToken);
    // Skills: Dave is no user of Bob's pool (Bob's session, and his write token of that project).
    for (const credential of [asBob, viaToken]) {
      const skills = await ctx.request
        .put(`/api/v1/projects/${bobProject}/users/${tenant.poolUser}/skills`)
        .set(credential)
        .send({ skills: [{ name: 'Intrusion', level: 5 }] });
      expect([skills.status, skills.body.code], JSON.stringify(skills.body)).to.deep.equal([
        404,
        'pool_user_not_found',
      ]);
    }
    // The check API decides in Bob's own project and organization (the caller himself: 200), but
    // neither Dave, Bob's own customer account at Alice's, nor Alice (a member of her organization)
    // is a subject there: 404 subject_not_found, one check or in a batch.
    const scopes = [
      [asBob, { project_id: bobProject }],
      [asBob, { organization_id: bobOrganization }],
      [viaToken, {}],
    ] as const;
    for (const [credential, scope] of scopes)
      await ctx.request
        .post('/api/v1/authorize')
        .set(credential)
        .send({ ...scope, action: 'invoice:read' })
        .expect(200);
    for (const subject of [tenant.poolUser, bobAtAlice.id, alice.user.id])
      for (const [credential, scope] of scopes) {
        const checks = [
          { ...scope, subject: { user_id: subject }, action: 'invoice:read' },
          {
            ...scope,
            checks: [{ action: 'invoice:read' }, { subject: { user_id: subject }, action: 'invoice:read' }],
          },
        ];
        for (const body of checks) {
          const check = await ctx.request.post('/api/v1/authorize').set(credential).send(body);
          expect([check.status, check.body.code], JSON.stringify({ body, answer: check.body })).to.deep.equal(
            [404, 'subject_not_found'],
          );
        }
      }
    // The embedding check: Bob's customer account at Alice's is one of her application's end users
    // (200 there), nobody at Bob's application.
    await ctx.request
      .post('/api/auth/authorize')
      .set({ 'X-Application-ID': tenant.application })
      .set(bearer(bobEmbeddingToken))
      .send({ action: 'invoice:read' })
      .expect(200);
    const elsewhere = await ctx.request
      .post('/api/auth/authorize')
      .set({ 'X-Application-ID': bobApplication })
      .set(bearer(bobEmbeddingToken))
      .send({ action: 'invoice:read' });
    expect([elsewhere.status, elsewhere.body.code]).to.deep.equal([401, 'token_audience_mismatch']);
    // Alice's sign-ins wait where they were (sign-in, consent); Bob's pool's provider does not know
    // them, not even with the cookies of the browser that started them.
    for (const [uid, cookie, prompt] of [
      [tenant.loginInteraction, tenant.loginCookie, 'login'],
      [tenant.consentInteraction, tenant.consentCookie, 'consent'],
    ] as const) {
      const details = await ctx.request
        .get(`/oidc/${tenant.project}/interaction/${uid}/details`)
        .set('Cookie', cookie)
        .expect(200);
      expect(details.body.prompt).to.equal(prompt);
      const there = await ctx.request
        .post(`/oidc/${bobProject}/interaction/${uid}/${prompt}`)
        .set('Cookie', cookie)
        .set(bearer(bobOwnApplicationToken))
        .send(prompt === 'login' ? {} : { approve: true });
      expect([there.status, there.body.code], JSON.stringify(there.body)).to.deep.equal([
        404,
        'interaction_not_found',
      ]);
    }
    expect(await snapshot()).to.deep.equal(before);
  });

  it("never lists Alice's data in Bob's own lists", async () => {
    for (const path of [
      '/api/v1/organizations',
      '/api/v1/projects',
      '/api/v1/applications',
      '/api/v1/tokens',
      '/api/v1/activity-logs',
      '/api/v1/installations',
      '/api/v1/anonymous-users',
      '/api/v1/invitations',
      `/api/v1/projects/${bobProject}/users`,
      '/api/v1/alerts',
      '/api/v1/alerts/firing',
    ]) {
      const response = await ctx.request
        .get(path)
        .query({ limit: 100 })
        .set(bearer(bob.access_token))
        .expect(200);
      // Bob's own sign-in through Alice's application names it in his audit trail: that id is
      // public (partner pages carry it) and the entry is Bob's own. Nothing else may show up.
      let text = JSON.stringify(response.body);
      if (path === '/api/v1/activity-logs') text = text.replace(/"application_id":"[0-9a-f]{24}"/g, '');
      for (const id of Object.values(tenant)) expect(text, `${path} leaks ${id}`).not.to.contain(id);
    }
    // The audit export streams everything the list would show: Bob's own entries only.
    const exported = await ctx.request
      .get('/api/v1/activity-logs/export')
      .query({ format: 'ndjson' })
      .set(bearer(bob.access_token))
      .buffer(true)
      .parse((res, done) => {
        let body = '';
        res.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
        res.on('end', () => done(null, body));
      })
      .expect(200);
    const text = (exported.body as string).replace(/"application_id":"[0-9a-f]{24}"/g, '');
    expect(text, 'the export holds Bob’s own entries').to.contain(`"user_id":"${bob.user.id}"`);
    for (const id of Object.values(tenant)) expect(text, `the export leaks ${id}`).not.to.contain(id);
  });

  it("an end user's token reaches only that end user's own account on the account routes", async () => {
    const before = await snapshot();
    const asBobAtAlice = bearer(bobEmbeddingToken);
    const me = await ctx.request.get('/api/v1/auth/me').set(asBobAtAlice).expect(200);
    expect(me.body.id).to.equal(bobAtAlice.id);
    expect(me.body.id).not.to.equal(bob.user.id);
    // Neither Alice's passkey nor any of Bob's dashboard account.
    const passkeys = await ctx.request.get('/api/v1/auth/mfa/passkeys').set(asBobAtAlice).expect(200);
    expect(JSON.stringify(passkeys.body)).not.to.contain(tenant.passkey);
    await ctx.request
      .delete(`/api/v1/auth/mfa/passkeys/${tenant.passkey}`)
      .set(asBobAtAlice)
      .send({ password: BOB_SHOP_PASSWORD })
      .expect(404);
    // Alice's dashboard session is no session of his.
    await ctx.request.delete(`/api/v1/auth/sessions/${tenant.session}`).set(asBobAtAlice).expect(404);
    const sessions = await ctx.request.get('/api/v1/auth/sessions').set(asBobAtAlice).expect(200);
    expect(JSON.stringify(sessions.body)).not.to.contain(tenant.session);
    // Step-up checks the end user's own password: the dashboard account's is another account's.
    const dashboardPassword = await ctx.request
      .post('/api/v1/auth/reauthenticate')
      .set(asBobAtAlice)
      .send({ password: bob.password })
      .expect(400);
    expect(dashboardPassword.body.code).to.equal('wrong_current_password');
    await ctx.request
      .post('/api/v1/auth/reauthenticate')
      .set(asBobAtAlice)
      .send({ password: BOB_SHOP_PASSWORD })
      .expect(200);
    // And the product API stays closed to it.
    for (const path of ['/api/v1/organizations', `/api/v1/applications/${tenant.application}`]) {
      const response = await ctx.request.get(path).set(asBobAtAlice).expect(403);
      expect(response.body.code, path).to.equal('application_token_not_allowed');
    }
    const after = await snapshot();
    // Step-up renewed the end user's own session (auth_time); nothing else of anyone changed.
    const withoutOwnSession = (state: { auth_sessions: Array<{ user_id: string }> }) => ({
      ...state,
      auth_sessions: state.auth_sessions.filter((row) => row.user_id !== bobAtAlice.id),
    });
    expect(withoutOwnSession(after)).to.deep.equal(withoutOwnSession(before));
  });
});
