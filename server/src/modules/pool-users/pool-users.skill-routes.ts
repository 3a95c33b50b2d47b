import { requestContext } from '../../core/request-context.js';
import { ObjectIdParam } from '../../core/schemas.js';
import { SetSkillsSchema, toSkills } from '../../core/skills.js';
import { z } from '../../lib/openapi.js';
import { NO_USER, tags, type PoolUserRouteKit } from './pool-users.route-kit.js';
import { PoolUserSchema } from './pool-users.schemas.js';

const SkillUserParams = z.object({ id: ObjectIdParam, user_id: ObjectIdParam });

/** An end user's skills (issue #33): PUT replaces the list. */
export function registerPoolUserSkillRoutes(kit: PoolUserRouteKit): void {
  const { api, poolUsers, callerOf } = kit;
  api.route(
    {
      method: 'put',
      permission: 'skill:manage',
      path: '/projects/:id/users/:user_id/skills',
      summary: 'Set a user’s skills',
      description:
        'Replaces the skills of a user of the project’s pool with the list sent (an empty list removes them all): at most 50, each a name (1–50 characters, trimmed, unique case-insensitively: a repeated name is refused with 400 validation_failed naming it) and an optional level from 1 to 5. Admins of the project’s organization and roles with `skill:manage`; API tokens with `write` (of such a person), for their application’s project only. Answers the user with `skills`; the user list shows them and policies read them. Audited as `pool_user.skills_changed` and announced as the webhook event `skills.changed` when the list changed.',
      tags,
      authenticated: true,
      tokenScope: 'write',
      params: SkillUserParams,
      body: SetSkillsSchema,
      responses: {
        200: { description: 'The user with the new skills', schema: PoolUserSchema },
        404: NO_USER,
      },
    },
    async (req, res) => {
      const { id, user_id } = req.valid.params;
      res.json(
        await poolUsers.setSkills(
          await callerOf(req),
          id,
          user_id,
          toSkills(req.valid.body.skills),
          requestContext(req),
        ),
      );
    },
  );
}
