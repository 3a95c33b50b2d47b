import { expect } from 'chai';
import type { Response, Test } from 'supertest';
import { BUILT_IN_ROLES, isPermissionName, type PermissionName } from '../../src/core/permissions.js';
import { bearer, createAuthContext, signedInUser, uniqueEmail } from '../auth/helpers.js';
import { enrolledEndUser, signedInEndUser } from '../helpers/end-users.js';
import type { TestContext } from '../helpers/context.js';
import {
  addMember,
  createApplication,
  createOrganization,
  createProject,
  uniqueSlug,
  type User,
} from '../projects/helpers.js';

/**
 * The route × role matrix (issue #33), derived from the routes' declarations: every product-API
 * route (/api/v1) declares the permission it needs (`x-permission` in the OpenAPI document, from
 * `permission` in its route spec) or null with a reason. Each route that needs one is called by
 *
 * - the organization's admin (every permission),
 * - a member (the built-in `member` role),
 * - a member holding a custom role with a few permissions (CUSTOM below),
 * - another tenant's admin (404: another tenant's organization looks like none),
 *
 * and must let in exactly the roles holding its permission (no 403, no 404) and refuse the others
 * with 403 `forbidden` naming it. A new route without a declaration cannot register (ApiRouter);
 * one declaring a permission without a case here fails the first test.
 */

/** The custom role: differs from `member` both ways (webhook:read more; project:create, logs … less). */
const CUSTOM: PermissionName[] = [
  'organization:read',
  'member:read',
  'project:read',
  'project:update',
  'application:read',
  'email_template:read',
  'analytics:read',
  'pool_user:read',
  'webhook:read',
];

/** The ids of the admin's organization the cases act on (fresh ones replace some per call). */
interface Ids {
  organization: string;
  project: string;
  application: string;
  token: string;
  template: string;
  systemTemplate: string;
  webhook: string;
  delivery: string;
  poolUser: string;
  /** Tom, a plain member (whose role PATCH sets to what it is). */
  member: string;
  /** A custom role nobody holds. */
  role: string;
  /** A pending sender of the application's e-mail settings. */
  sender: string;
  /** A registered person to invite (fresh per call). */
  invitee: string;
  /** An application permission and an application role of the project (part R2). */
  appPermission: string;
  appRole: string;
  /** A policy of the project and one of the organization (part R4). */
  policy: string;
  organizationPolicy: string;
  /** An alert rule of the application (issue #35). */
  alert: string;
}

interface Case {
  path?: (ids: Ids) => string;
  query?: (ids: Ids) => Record<string, string>;
  /** `n` is unique per call (names that must not repeat). */
  body?: (ids: Ids, n: number) => Record<string, unknown>;
  /** A new target for each call: the route destroys or uses up what it acts on. */
  fresh?: (ids: Ids) => Promise<Partial<Ids>>;
  /** Undoes an allowed call (a deactivated organization is reactivated). */
  after?: (ids: Ids) => Promise<void>;
  /** Answers that still show an allowed call (past the permission check); default any 2xx. */
  allowed?: Array<{ status: number; code?: string }>;
}

type Caller = 'admin' | 'member' | 'custom' | 'otherTenant';

describe('route × role matrix: every product-API route’s declared permission', () => {
  let ctx: TestContext;
  let admin: User;
  let callers: Record<Caller, User>;
  let ids: Ids;
  let operations: Array<{ operation: string; permission: PermissionName | null; reason?: string }>;
  let n = 0;

  const as = (user: User) => bearer(user.access_token);
  const call = (method: string, path: string, token: string) =>
    (ctx.request as unknown as Record<string, (url: string) => Test>)[method.toLowerCase()]!(path).set(
      bearer(token),
    );

  async function newRole(permissions: PermissionName[] = ['project:read']) {
    const response = await ctx.request
      .post(`/api/v1/organizations/${ids.organization}/roles`)
      .set(as(admin))
      .send({ name: `Spare ${(n += 1)}`, permissions });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.id as string;
  }

  /** An application permission or role of a project (part R2), made by the admin. */
  async function newAppThing(project: string, kind: 'permissions' | 'roles', body: Record<string, unknown>) {
    const response = await ctx.request.post(`/api/v1/projects/${project}/${kind}`).set(as(admin)).send(body);
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.id as string;
  }

  /** A policy of a project or organization (part R4), made by the admin. */
  async function newPolicy(base: string) {
    const response = await ctx.request
      .post(`${base}/policies`)
      .set(as(admin))
      .send({ name: `Policy ${(n += 1)}`, effect: 'deny', actions: ['invoice:delete'] });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.id as string;
  }

  const alertBody = (i: Ids, k: number) => ({
    application_id: i.application,
    name: `Matrix ${k}`,
    metric: 'api_calls',
    comparator: 'gt',
    threshold: 1000,
    window_s: 300,
  });
  async function newAlert(i: Ids) {
    const response = await ctx.request
      .post('/api/v1/alerts')
      .set(as(admin))
      .send(alertBody(i, (n += 1)));
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.id as string;
  }

  const MATRIX: Record<string, Case> = {
    'GET /api/v1/organizations/{id}': { path: (i) => `/api/v1/organizations/${i.organization}` },
    'PATCH /api/v1/organizations/{id}': {
      path: (i) => `/api/v1/organizations/${i.organization}`,
      body: () => ({ description: 'Still ours' }),
    },
    'POST /api/v1/organizations/{id}/deactivate': {
      path: (i) => `/api/v1/organizations/${i.organization}/deactivate`,
      after: async (i) => {
        await ctx.request.post(`/api/v1/organizations/${i.organization}/activate`).set(as(admin)).expect(200);
      },
    },
    'POST /api/v1/organizations/{id}/activate': {
      path: (i) => `/api/v1/organizations/${i.organization}/activate`,
    },
    'GET /api/v1/organizations/{id}/members': {
      path: (i) => `/api/v1/organizations/${i.organization}/members`,
    },
    'POST /api/v1/organizations/{id}/members': {
      path: (i) => `/api/v1/organizations/${i.organization}/members`,
      body: (i) => ({ email: i.invitee, role: 'member' }),
      fresh: async () => ({ invitee: (await signedInUser(ctx, 'matrix-invitee')).email }),
    },
    'PATCH /api/v1/organizations/{id}/members/{memberId}': {
      path: (i) => `/api/v1/organizations/${i.organization}/members/${i.member}`,
      body: () => ({ role: 'member' }),
    },
    'DELETE /api/v1/organizations/{id}/members/{memberId}': {
      path: (i) => `/api/v1/organizations/${i.organization}/members/${i.member}`,
      fresh: async (i) => ({
        member: (await addMember(ctx, admin, i.organization, await signedInUser(ctx, 'matrix-leaver'))).id,
      }),
    },
    'GET /api/v1/organizations/{id}/roles': { path: (i) => `/api/v1/organizations/${i.organization}/roles` },
    'POST /api/v1/organizations/{id}/roles': {
      path: (i) => `/api/v1/organizations/${i.organization}/roles`,
      body: (_i, k) => ({ name: `Matrix ${k}`, permissions: ['project:read'] }),
    },
    'PATCH /api/v1/organizations/{id}/roles/{role_id}': {
      path: (i) => `/api/v1/organizations/${i.organization}/roles/${i.role}`,
      body: () => ({ description: 'Reads projects' }),
    },
    'DELETE /api/v1/organizations/{id}/roles/{role_id}': {
      path: (i) => `/api/v1/organizations/${i.organization}/roles/${i.role}`,
      fresh: async () => ({ role: await newRole() }),
    },
    'GET /api/v1/organizations/{id}/webhooks': {
      path: (i) => `/api/v1/organizations/${i.organization}/webhooks`,
    },
    'POST /api/v1/organizations/{id}/webhooks': {
      path: (i) => `/api/v1/organizations/${i.organization}/webhooks`,
      body: () => ({ url: 'http://127.0.0.1:9/hook', events: ['user.deleted'] }),
    },
    'GET /api/v1/webhooks/{id}': { path: (i) => `/api/v1/webhooks/${i.webhook}` },
    'PATCH /api/v1/webhooks/{id}': {
      path: (i) => `/api/v1/webhooks/${i.webhook}`,
      body: () => ({ description: 'Matrix' }),
    },
    'DELETE /api/v1/webhooks/{id}': {
      path: (i) => `/api/v1/webhooks/${i.webhook}`,
      fresh: async (i) => ({
        webhook: (
          await ctx.request
            .post(`/api/v1/organizations/${i.organization}/webhooks`)
            .set(as(admin))
            .send({ url: 'http://127.0.0.1:9/gone', events: ['user.deleted'] })
            .expect(201)
        ).body.id,
      }),
    },
    'GET /api/v1/webhooks/{id}/deliveries': { path: (i) => `/api/v1/webhooks/${i.webhook}/deliveries` },
    'POST /api/v1/webhooks/{id}/test': { path: (i) => `/api/v1/webhooks/${i.webhook}/test` },
    'POST /api/v1/webhooks/deliveries/{id}/redeliver': {
      path: (i) => `/api/v1/webhooks/deliveries/${i.delivery}/redeliver`,
      allowed: [{ status: 409, code: 'delivery_pending' }],
    },
    'POST /api/v1/projects': {
      body: (i) => ({ name: 'Matrix', slug: uniqueSlug('matrix'), organization_id: i.organization }),
    },
    'GET /api/v1/projects': { query: (i) => ({ organization_id: i.organization }) },
    'GET /api/v1/projects/{id}': { path: (i) => `/api/v1/projects/${i.project}` },
    'PATCH /api/v1/projects/{id}': {
      path: (i) => `/api/v1/projects/${i.project}`,
      body: () => ({ description: 'Matrix' }),
    },
    'POST /api/v1/projects/{id}/deactivate': {
      path: (i) => `/api/v1/projects/${i.project}/deactivate`,
      fresh: async (i) => ({ project: (await createProject(ctx, admin, i.organization)).id }),
    },
    'GET /api/v1/projects/{project_id}/pool': { path: (i) => `/api/v1/projects/${i.project}/pool` },
    'PATCH /api/v1/projects/{project_id}/pool': {
      path: (i) => `/api/v1/projects/${i.project}/pool`,
      body: () => ({ branding: { display_name: 'Matrix shop' } }),
    },
    'GET /api/v1/projects/{project_id}/users': { path: (i) => `/api/v1/projects/${i.project}/users` },
    'POST /api/v1/projects/{project_id}/users/import': {
      path: (i) => `/api/v1/projects/${i.project}/users/import`,
      body: () => ({ users: [{ email: uniqueEmail('matrix-import'), email_verified: true }] }),
    },
    'POST /api/v1/projects/{project_id}/users/invite': {
      path: (i) => `/api/v1/projects/${i.project}/users/invite`,
      body: () => ({ email: uniqueEmail('matrix-customer') }),
    },
    'GET /api/v1/projects/{project_id}/users/{user_id}': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}`,
    },
    'GET /api/v1/projects/{project_id}/users/{user_id}/export': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}/export`,
    },
    'POST /api/v1/projects/{project_id}/users/{user_id}/block': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}/block`,
    },
    'POST /api/v1/projects/{project_id}/users/{user_id}/unblock': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}/unblock`,
    },
    'POST /api/v1/projects/{project_id}/users/{user_id}/sign-out': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}/sign-out`,
    },
    'POST /api/v1/projects/{project_id}/users/{user_id}/second-factor/reset': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}/second-factor/reset`,
    },
    'POST /api/v1/projects/{project_id}/users/{user_id}/password-reset': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}/password-reset`,
    },
    'DELETE /api/v1/projects/{project_id}/users/{user_id}': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}`,
      fresh: async (i) => ({
        poolUser: (await signedInEndUser(ctx, i.application, { prefix: 'matrix-gone' })).id,
      }),
    },
    'POST /api/v1/applications': {
      body: (i) => ({ name: 'Matrix', slug: uniqueSlug('matrix'), project_id: i.project }),
    },
    'GET /api/v1/applications': { query: (i) => ({ project_id: i.project }) },
    'GET /api/v1/applications/{id}': { path: (i) => `/api/v1/applications/${i.application}` },
    'GET /api/v1/applications/{id}/refused-origins': {
      path: (i) => `/api/v1/applications/${i.application}/refused-origins`,
    },
    'GET /api/v1/applications/{id}/snippets': {
      path: (i) => `/api/v1/applications/${i.application}/snippets`,
    },
    'PATCH /api/v1/applications/{id}': {
      path: (i) => `/api/v1/applications/${i.application}`,
      body: () => ({ description: 'Matrix' }),
    },
    'POST /api/v1/applications/{id}/oidc/secret': {
      path: (i) => `/api/v1/applications/${i.application}/oidc/secret`,
      body: () => ({ overlap_seconds: 0 }),
      // The application has no web client: past the permission check, the secret does not apply.
      allowed: [{ status: 400, code: 'oidc_secret_not_applicable' }],
    },
    'DELETE /api/v1/applications/{id}': {
      path: (i) => `/api/v1/applications/${i.application}`,
      fresh: async (i) => ({ application: (await createApplication(ctx, admin, i.project)).id }),
    },
    'POST /api/v1/tokens': {
      body: (i) => ({ name: 'Matrix', scopes: ['read'], application_id: i.application }),
    },
    'POST /api/v1/permissions': { body: (i) => ({ application_id: i.application }) },
    'GET /api/v1/activity-logs': { query: (i) => ({ organization_id: i.organization }) },
    'GET /api/v1/activity-logs/export': { query: (i) => ({ organization_id: i.organization }) },
    'GET /api/v1/analytics/summary': { query: (i) => ({ organization_id: i.organization }) },
    'GET /api/v1/analytics/functions': { query: (i) => ({ application_id: i.application }) },
    'GET /api/v1/analytics/pages': { query: (i) => ({ application_id: i.application }) },
    'GET /api/v1/analytics/funnel': {
      query: (i) => ({ application_id: i.application, steps: 'signup,login' }),
    },
    'GET /api/v1/analytics/retention': { query: (i) => ({ project_id: i.project }) },
    'GET /api/v1/analytics/stickiness': { query: (i) => ({ application_id: i.application }) },
    'GET /api/v1/analytics/lifecycle': { query: (i) => ({ project_id: i.project }) },
    'GET /api/v1/installations': { query: (i) => ({ application_id: i.application }) },
    'GET /api/v1/anonymous-users': { query: (i) => ({ application_id: i.application }) },
    'GET /api/v1/email-templates': { query: (i) => ({ application_id: i.application }) },
    'POST /api/v1/email-templates': {
      body: (i, k) => ({
        application_id: i.application,
        name: `Matrix ${k}`,
        subject: 'Hi',
        html_content: '<p>Hi</p>',
      }),
    },
    'GET /api/v1/email-templates/{id}': { path: (i) => `/api/v1/email-templates/${i.template}` },
    'PATCH /api/v1/email-templates/{id}': {
      path: (i) => `/api/v1/email-templates/${i.template}`,
      body: () => ({ subject: 'Matrix' }),
    },
    'DELETE /api/v1/email-templates/{id}': {
      path: (i) => `/api/v1/email-templates/${i.template}`,
      fresh: async (i) => ({
        template: (
          await ctx.request
            .post('/api/v1/email-templates')
            .set(as(admin))
            .send({
              application_id: i.application,
              name: `Gone ${(n += 1)}`,
              subject: 'Hi',
              html_content: '<p>Hi</p>',
            })
            .expect(201)
        ).body.id,
      }),
    },
    'POST /api/v1/email-templates/{id}/reset': {
      path: (i) => `/api/v1/email-templates/${i.systemTemplate}/reset`,
    },
    'POST /api/v1/email-templates/{id}/preview': {
      path: (i) => `/api/v1/email-templates/${i.template}/preview`,
      body: () => ({ data: {} }),
    },
    'POST /api/v1/applications/{id}/email-templates/copy-system': {
      path: (i) => `/api/v1/applications/${i.application}/email-templates/copy-system`,
    },
    'GET /api/v1/applications/{id}/email-settings': {
      path: (i) => `/api/v1/applications/${i.application}/email-settings`,
    },
    'PATCH /api/v1/applications/{id}/email-settings': {
      path: (i) => `/api/v1/applications/${i.application}/email-settings`,
      body: () => ({ default_locale: 'de' }),
    },
    'POST /api/v1/applications/{id}/email-settings/sender-verification': {
      path: (i) => `/api/v1/applications/${i.application}/email-settings/sender-verification`,
      body: (i) => ({ address: i.sender }),
    },
    // Application permissions and roles of the project's end users (part R2).
    'GET /api/v1/projects/{id}/permissions': { path: (i) => `/api/v1/projects/${i.project}/permissions` },
    'POST /api/v1/projects/{id}/permissions': {
      path: (i) => `/api/v1/projects/${i.project}/permissions`,
      body: (_i, k) => ({ name: `matrix:p${k}` }),
    },
    'PATCH /api/v1/projects/{id}/permissions/{permission_id}': {
      path: (i) => `/api/v1/projects/${i.project}/permissions/${i.appPermission}`,
      body: () => ({ description: 'Matrix' }),
    },
    'DELETE /api/v1/projects/{id}/permissions/{permission_id}': {
      path: (i) => `/api/v1/projects/${i.project}/permissions/${i.appPermission}`,
      fresh: async (i) => ({
        appPermission: await newAppThing(i.project, 'permissions', { name: `gone:p${(n += 1)}` }),
      }),
    },
    'GET /api/v1/projects/{id}/roles': { path: (i) => `/api/v1/projects/${i.project}/roles` },
    'POST /api/v1/projects/{id}/roles': {
      path: (i) => `/api/v1/projects/${i.project}/roles`,
      body: (_i, k) => ({ name: `matrix-r${k}`, permissions: [] }),
    },
    'PATCH /api/v1/projects/{id}/roles/{role_id}': {
      path: (i) => `/api/v1/projects/${i.project}/roles/${i.appRole}`,
      body: () => ({ description: 'Matrix' }),
    },
    'DELETE /api/v1/projects/{id}/roles/{role_id}': {
      path: (i) => `/api/v1/projects/${i.project}/roles/${i.appRole}`,
      fresh: async (i) => ({
        appRole: await newAppThing(i.project, 'roles', { name: `gone-r${(n += 1)}`, permissions: [] }),
      }),
    },
    'GET /api/v1/projects/{id}/users/{user_id}/roles': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}/roles`,
    },
    'PUT /api/v1/projects/{id}/users/{user_id}/roles': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}/roles`,
      body: () => ({ roles: [] }),
    },
    // Skills of members and end users (part R3).
    'PUT /api/v1/organizations/{id}/members/{member_id}/skills': {
      path: (i) => `/api/v1/organizations/${i.organization}/members/${i.member}/skills`,
      body: () => ({ skills: [{ name: 'Go', level: 3 }] }),
    },
    'PUT /api/v1/projects/{id}/users/{user_id}/skills': {
      path: (i) => `/api/v1/projects/${i.project}/users/${i.poolUser}/skills`,
      body: () => ({ skills: [{ name: 'Support' }] }),
    },
    // Policies of the project and the organization, and the check API (part R4).
    'GET /api/v1/projects/{id}/policies': { path: (i) => `/api/v1/projects/${i.project}/policies` },
    'POST /api/v1/projects/{id}/policies': {
      path: (i) => `/api/v1/projects/${i.project}/policies`,
      body: (_i, k) => ({ name: `Matrix ${k}`, effect: 'deny', actions: ['invoice:delete'] }),
    },
    'GET /api/v1/projects/{id}/policies/{policy_id}': {
      path: (i) => `/api/v1/projects/${i.project}/policies/${i.policy}`,
    },
    'PATCH /api/v1/projects/{id}/policies/{policy_id}': {
      path: (i) => `/api/v1/projects/${i.project}/policies/${i.policy}`,
      body: () => ({ description: 'Matrix' }),
    },
    'DELETE /api/v1/projects/{id}/policies/{policy_id}': {
      path: (i) => `/api/v1/projects/${i.project}/policies/${i.policy}`,
      fresh: async (i) => ({ policy: await newPolicy(`/api/v1/projects/${i.project}`) }),
    },
    'GET /api/v1/organizations/{id}/policies': {
      path: (i) => `/api/v1/organizations/${i.organization}/policies`,
    },
    'POST /api/v1/organizations/{id}/policies': {
      path: (i) => `/api/v1/organizations/${i.organization}/policies`,
      body: (_i, k) => ({ name: `Matrix ${k}`, effect: 'deny', actions: ['invoice:delete'] }),
    },
    'GET /api/v1/organizations/{id}/policies/{policy_id}': {
      path: (i) => `/api/v1/organizations/${i.organization}/policies/${i.organizationPolicy}`,
    },
    'PATCH /api/v1/organizations/{id}/policies/{policy_id}': {
      path: (i) => `/api/v1/organizations/${i.organization}/policies/${i.organizationPolicy}`,
      body: () => ({ description: 'Matrix' }),
    },
    'DELETE /api/v1/organizations/{id}/policies/{policy_id}': {
      path: (i) => `/api/v1/organizations/${i.organization}/policies/${i.organizationPolicy}`,
      fresh: async (i) => ({
        organizationPolicy: await newPolicy(`/api/v1/organizations/${i.organization}`),
      }),
    },
    // Alert rules (issue #35).
    'GET /api/v1/alerts': { query: (i) => ({ organization_id: i.organization }) },
    'GET /api/v1/alerts/firing': { query: (i) => ({ application_id: i.application }) },
    'POST /api/v1/alerts': { body: (i, k) => alertBody(i, k) },
    'GET /api/v1/alerts/{id}': { path: (i) => `/api/v1/alerts/${i.alert}` },
    'PATCH /api/v1/alerts/{id}': { path: (i) => `/api/v1/alerts/${i.alert}`, body: () => ({ muted: true }) },
    'DELETE /api/v1/alerts/{id}': {
      path: (i) => `/api/v1/alerts/${i.alert}`,
      fresh: async (i) => ({ alert: await newAlert(i) }),
    },
    'GET /api/v1/alerts/{id}/history': { path: (i) => `/api/v1/alerts/${i.alert}/history` },
    'POST /api/v1/alerts/{id}/test': { path: (i) => `/api/v1/alerts/${i.alert}/test` },
    'POST /api/v1/authorize': { body: (i) => ({ project_id: i.project, action: 'invoice:read' }) },
    'POST /api/v1/email/send': {
      body: (i) => ({ to: admin.email, subject: 'Hi', html: '<p>Hi</p>', applicationId: i.application }),
    },
  };

  before(async () => {
    ctx = await createAuthContext();
    admin = await signedInUser(ctx, 'matrix-admin');
    const member = await signedInUser(ctx, 'matrix-member');
    const custom = await signedInUser(ctx, 'matrix-custom');
    const tom = await signedInUser(ctx, 'matrix-tom');
    const otherTenant = await signedInUser(ctx, 'matrix-other');
    callers = { admin, member, custom, otherTenant };
    await createOrganization(ctx, otherTenant);

    const organization = await createOrganization(ctx, admin);
    ids = { organization } as Ids;
    const editor = await ctx.request
      .post(`/api/v1/organizations/${organization}/roles`)
      .set(as(admin))
      .send({ name: 'Editor', description: 'Reads and edits projects', permissions: CUSTOM })
      .expect(201);
    expect(editor.body.permissions).to.have.members(CUSTOM);
    await addMember(ctx, admin, organization, member, 'member');
    const invited = await ctx.request
      .post(`/api/v1/organizations/${organization}/members`)
      .set(as(admin))
      .send({ email: custom.email, role: 'editor' })
      .expect(201);
    expect(invited.body.role, 'the role’s own spelling').to.equal('Editor');
    await ctx.request.post(`/api/v1/invitations/${invited.body.id}/accept`).set(as(custom)).expect(200);
    ids.member = (await addMember(ctx, admin, organization, tom, 'member')).id;
    ids.role = await newRole();

    ids.project = (await createProject(ctx, admin, organization)).id;
    ids.application = (await createApplication(ctx, admin, ids.project)).id;
    ids.token = (
      await ctx.request
        .post('/api/v1/tokens')
        .set(as(admin))
        .send({ name: 'CI', scopes: ['read'], application_id: ids.application })
        .expect(201)
    ).body.id;
    ids.systemTemplate = (
      await ctx.request
        .get('/api/v1/email-templates')
        .query({ application_id: ids.application, kind: 'system' })
        .set(as(admin))
        .expect(200)
    ).body.data[0].id;
    ids.template = (
      await ctx.request
        .post('/api/v1/email-templates')
        .set(as(admin))
        .send({ application_id: ids.application, name: 'Receipt', subject: 'Hi', html_content: '<p>Hi</p>' })
        .expect(201)
    ).body.id;
    ids.sender = 'billing@matrix.example';
    await ctx.request
      .patch(`/api/v1/applications/${ids.application}/email-settings`)
      .set(as(admin))
      .send({ verified_senders: [ids.sender] })
      .expect(200);
    ids.webhook = (
      await ctx.request
        .post(`/api/v1/organizations/${organization}/webhooks`)
        .set(as(admin))
        .send({ url: 'http://127.0.0.1:9/hook', events: ['user.deleted'] })
        .expect(201)
    ).body.id;
    ids.delivery = (
      await ctx.request.post(`/api/v1/webhooks/${ids.webhook}/test`).set(as(admin)).expect(200)
    ).body.id;
    ids.poolUser = (await enrolledEndUser(ctx, ids.application, { prefix: 'matrix-customer' })).id;
    ids.appPermission = await newAppThing(ids.project, 'permissions', { name: 'invoice:read' });
    ids.appRole = await newAppThing(ids.project, 'roles', {
      name: 'accountant',
      permissions: ['invoice:read'],
    });
    ids.policy = await newPolicy(`/api/v1/projects/${ids.project}`);
    ids.organizationPolicy = await newPolicy(`/api/v1/organizations/${organization}`);
    ids.alert = await newAlert(ids);

    const document = (await ctx.request.get('/api/v1/openapi.json').expect(200)).body as {
      paths: Record<
        string,
        Record<string, { 'x-permission'?: string | null; 'x-permission-reason'?: string }>
      >;
    };
    operations = Object.entries(document.paths)
      .filter(([path]) => path.startsWith('/api/v1/'))
      .flatMap(([path, methods]) =>
        Object.entries(methods).map(([method, spec]) => ({
          operation: `${method.toUpperCase()} ${path}`,
          permission: spec['x-permission'] as PermissionName | null,
          reason: spec['x-permission-reason'],
        })),
      );
  });
  after(() => ctx.close());

  it('every /api/v1 route declares a catalog permission or none with a reason; each declared one has a case', () => {
    expect(operations.length).to.be.greaterThan(100);
    const undeclared = operations.filter((op) => op.permission === undefined).map((op) => op.operation);
    expect(undeclared, 'routes without a declaration').to.deep.equal([]);
    const unknown = operations.filter((op) => op.permission !== null && !isPermissionName(op.permission));
    expect(unknown, 'permissions outside the catalog').to.deep.equal([]);
    const unexplained = operations.filter((op) => op.permission === null && !op.reason?.trim());
    expect(unexplained, 'no permission and no reason').to.deep.equal([]);
    const scoped = operations.filter((op) => op.permission !== null).map((op) => op.operation);
    expect(
      scoped.filter((op) => !(op in MATRIX)),
      'organization-scoped routes without a matrix case',
    ).to.deep.equal([]);
    expect(
      Object.keys(MATRIX).filter((op) => !scoped.includes(op)),
      'cases of routes that do not exist or declare no permission',
    ).to.deep.equal([]);
  });

  it('lets in exactly the roles that hold the permission; the others get 403 forbidden naming it, another tenant 404', async function () {
    this.timeout(600_000);
    const holds: Record<Exclude<Caller, 'otherTenant'>, ReadonlySet<PermissionName>> = {
      admin: BUILT_IN_ROLES.admin,
      member: BUILT_IN_ROLES.member,
      custom: new Set(CUSTOM),
    };
    const failures: string[] = [];
    const checked: Record<Caller, number> = { admin: 0, member: 0, custom: 0, otherTenant: 0 };
    for (const { operation, permission } of operations) {
      const spec = MATRIX[operation];
      // Routes without a case fail the test above.
      if (permission === null || !spec) continue;
      const [method, template] = operation.split(' ') as [string, string];
      // The admin last: allowed calls may use up what they act on (fresh targets replace it).
      for (const who of ['otherTenant', 'custom', 'member', 'admin'] as const) {
        const target = { ...ids, ...(spec.fresh ? await spec.fresh(ids) : {}) };
        let request = call(method, spec.path ? spec.path(target) : template, callers[who].access_token);
        if (spec.query) request = request.query(spec.query(target));
        if (spec.body) request = request.send(spec.body(target, (n += 1)));
        const response: Response = await request;
        const label = `${operation} as ${who}: ${response.status} ${JSON.stringify(response.body)}`;
        checked[who] += 1;
        if (who === 'otherTenant') {
          if (response.status !== 404) failures.push(label);
          continue;
        }
        if (holds[who].has(permission)) {
          const past =
            (response.status >= 200 && response.status < 300) ||
            (spec.allowed ?? []).some(
              (answer) =>
                answer.status === response.status && (!answer.code || answer.code === response.body.code),
            );
          if (!past) failures.push(`${label} (holds ${permission})`);
          if (past) await spec.after?.(target);
        } else if (
          response.status !== 403 ||
          response.body.code !== 'forbidden' ||
          response.body.permission !== permission ||
          !String(response.body.error).includes(permission)
        ) {
          failures.push(`${label} (lacks ${permission})`);
        }
      }
    }
    expect(failures).to.deep.equal([]);
    expect(checked.admin).to.be.at.least(Object.keys(MATRIX).length);
  });
});
