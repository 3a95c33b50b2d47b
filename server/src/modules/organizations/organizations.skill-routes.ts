import type { ApiRouter } from '../../lib/api-router.js';
import { authOf } from '../../core/auth-context.js';
import { requestContext } from '../../core/request-context.js';
import { resourceRouteSpecs } from '../../core/resource-routes.js';
import { ObjectIdParam } from '../../core/schemas.js';
import { SetSkillsSchema, toSkills } from '../../core/skills.js';
import { z } from '../../lib/openapi.js';
import type { OrganizationsService } from './organizations.contract.js';
import { MemberSchema } from './organizations.schemas.js';

const MemberSkillParams = z.object({ id: ObjectIdParam, member_id: ObjectIdParam });

const specs = resourceRouteSpecs(
  ['Organizations'],
  {
    description:
      'No such organization among the caller’s (also for other tenants’ ids), or no such member in it (member_not_found)',
  },
  MemberSkillParams,
);

/** A member's skills (issue #33): replaced as a whole by whoever holds `skill:manage`. */
export function registerMemberSkillRoutes(api: ApiRouter, organizations: OrganizationsService): void {
  api.route(
    specs.item({
      method: 'put',
      permission: 'skill:manage',
      path: '/organizations/:id/members/:member_id/skills',
      summary: "Set a member's skills",
      description:
        'Replaces the member’s skills with the list sent (an empty list removes them all): at most 50, each a name (1–50 characters, trimmed, unique case-insensitively: a repeated name is refused with 400 validation_failed naming it) and an optional level from 1 to 5. For admins and roles with `skill:manage`; a pending invitation counts when the caller sees invitations. Signed-in people only (API tokens: token_not_allowed, like the other changes to members). Answers the member with `skills`; member lists show them. Audited as `member.skills_changed` and announced as the webhook event `skills.changed` when the list changed.',
      body: SetSkillsSchema,
      responses: { 200: { description: 'The member with the new skills', schema: MemberSchema } },
    }),
    async (req, res) => {
      const { id, member_id } = req.valid.params;
      res.json(
        await organizations.setMemberSkills(
          authOf(req).userId,
          id,
          member_id,
          toSkills(req.valid.body.skills),
          requestContext(req),
        ),
      );
    },
  );
}
