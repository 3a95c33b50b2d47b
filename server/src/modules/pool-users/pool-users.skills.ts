import { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import type { UserDocument } from '../../core/account.js';
import { sameSkills, skillsOf } from '../../core/skills.js';
import { PoolUserErrors } from './pool-users.errors.js';
import type { PoolUsersKit } from './pool-users.kit.js';
import type { PoolUsersService } from './pool-users.types.js';

/** End users' skills (issue #33): set by the project's admins, read by policies from the account. */
export function createPoolUserSkills(kit: PoolUsersKit): Pick<PoolUsersService, 'setSkills'> {
  const { deps, Users } = kit;
  return {
    async setSkills(caller, projectId, userId, skills, context) {
      const scope = await kit.authorize(caller, projectId, 'skill:manage');
      const user = await kit.findUser(scope, userId);
      const previous = skillsOf(user);
      if (sameSkills(previous, skills)) return kit.viewOf(user);
      const updated = await Users.findOneAndUpdate(
        { _id: new Types.ObjectId(userId), pool_id: scope.poolId },
        { $set: { skills } },
        { returnDocument: 'after' },
      ).lean<UserDocument>();
      // Deleted between the read and the write.
      if (!updated) throw new AppError(PoolUserErrors.NOT_FOUND);
      await kit.audit(scope, caller, context, 'pool_user.skills_changed', userId, {
        from: previous,
        to: skills,
      });
      deps.webhooks?.emit(
        'skills.changed',
        { organizationId: scope.organizationId, projectId: scope.projectId, userId },
        {
          subject: { type: 'pool_user', id: userId, project_id: scope.projectId },
          skills,
          previous_skills: previous,
          changed_by: caller.userId,
          ...(caller.tokenId ? { via: 'api_token', token_id: caller.tokenId } : {}),
        },
      );
      return kit.viewOf(updated);
    },
  };
}
