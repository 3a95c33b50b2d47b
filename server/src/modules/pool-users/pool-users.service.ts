import { createPoolUserActions } from './pool-users.actions.js';
import { createPoolUserImport } from './pool-users.import.js';
import { createPoolUsersKit } from './pool-users.kit.js';
import { createPoolUserMails } from './pool-users.mails.js';
import { createPoolUserReads } from './pool-users.reads.js';
import { createPoolUserSkills } from './pool-users.skills.js';
import type { PoolUsersDependencies, PoolUsersService } from './pool-users.types.js';

export type { PoolUserCaller, PoolUsersDependencies, PoolUsersService } from './pool-users.types.js';

/**
 * The user management of a project's pool (GET/POST /projects/{project_id}/users…): reads for
 * the organization's members, changes for its admins, each use case in its own file.
 */
export function createPoolUsersService(deps: PoolUsersDependencies): PoolUsersService {
  const kit = createPoolUsersKit(deps);
  return {
    ...createPoolUserReads(kit),
    ...createPoolUserActions(kit),
    ...createPoolUserMails(kit),
    ...createPoolUserImport(kit),
    ...createPoolUserSkills(kit),
  };
}
