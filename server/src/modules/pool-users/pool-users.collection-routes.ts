import { requestContext } from '../../core/request-context.js';
import {
  NO_PROJECT,
  NOT_ADMIN,
  tags,
  WHO_SENSITIVE,
  WHO_WRITES,
  type PoolUserRouteKit,
} from './pool-users.route-kit.js';
import { IMPORT_MAX_BYTES } from './pool-users.body.js';
import {
  ImportResultSchema,
  ImportUsersSchema,
  IMPORT_MAX_USERS,
  InvitedUserSchema,
  InviteUserSchema,
  PoolParams,
} from './pool-users.schemas.js';

/** Adding users to a pool: the import and the invitation. */
export function registerPoolUserCollectionRoutes(kit: PoolUserRouteKit): void {
  const { api, poolUsers, callerOf } = kit;

  api.route(
    {
      method: 'post',
      permission: 'pool_user:import',
      path: '/projects/:project_id/users/import',
      summary: 'Import users from another product (JSON or CSV, bcrypt hashes)',
      description: `${WHO_SENSITIVE} At most ${IMPORT_MAX_USERS.toLocaleString('en')} users and ${IMPORT_MAX_BYTES / 1024 / 1024} MB per request (413 payload_too_large beyond). The body is JSON \`{users: [{email, display_name?, password_hash?, email_verified?}]}\`, or CSV with \`Content-Type: text/csv\` and the header row \`email,display_name,password_hash,email_verified\` (any order; only email required; email_verified true/false/1/0). \`password_hash\`: a bcrypt hash as Auth0 and others export it (\`$2a$\`, \`$2b$\`, \`$2y$\`, cost 4–14): the user signs in with the old password, and that first sign-in stores it again in this platform’s format. Rows are checked one by one: an address already in the pool (or earlier in the request) is \`skipped\`, an invalid row is listed in \`errors\` with its index and reason, each other row is imported whole. Audited once as \`user.imported\` with the counts.`,
      tags,
      authenticated: true,
      stepUp: true,
      params: PoolParams,
      body: ImportUsersSchema,
      responses: {
        200: { description: 'What was imported, skipped and refused', schema: ImportResultSchema },
        400: {
          description: 'validation_failed (the body; more than 10,000 users), or invalid_csv (the header)',
        },
        403: NOT_ADMIN,
        404: NO_PROJECT,
        413: { description: 'payload_too_large' },
      },
    },
    async (req, res) => {
      const format = res.locals.importFormat === 'csv' ? 'csv' : 'json';
      res.json(
        await poolUsers.importUsers(
          await callerOf(req),
          req.valid.params.project_id,
          req.valid.body.users,
          requestContext(req),
          format,
        ),
      );
    },
  );

  api.route(
    {
      method: 'post',
      permission: 'pool_user:create',
      path: '/projects/:project_id/users/invite',
      summary: 'Invite a user into a project’s pool',
      description: `${WHO_WRITES} Creates the account without a password when the address is not in the pool yet (201; an existing account answers 200) and mails the invitation (template \`pool_invitation\`, in the pool’s name) with a link to the pool’s hosted page \`/p/{project_id}/reset?token=…\`, where the person chooses a password (valid 7 days, once; inviting again sends a new one and voids the earlier link). For invitation-only pools. Audited as \`user.invited\`.`,
      tags,
      authenticated: true,
      tokenScope: 'write',
      params: PoolParams,
      body: InviteUserSchema,
      responses: {
        200: { description: 'Already in the pool: the link was sent', schema: InvitedUserSchema },
        201: { description: 'Created and the link sent', schema: InvitedUserSchema },
        403: NOT_ADMIN,
        404: NO_PROJECT,
        409: { description: 'pool_user_blocked' },
      },
    },
    async (req, res) => {
      const answer = await poolUsers.invite(
        await callerOf(req),
        req.valid.params.project_id,
        req.valid.body.email,
        requestContext(req),
      );
      res.status(answer.created ? 201 : 200).json(answer);
    },
  );
}
