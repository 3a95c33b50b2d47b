import { LRUCache } from 'lru-cache';
import type { Types } from 'mongoose';
import { AppError } from '../../lib/errors.js';
import type { Permission } from '../organizations/index.js';
import type { ApplicationCaller, ApplicationsDeps } from './applications.contract.js';
import { ApplicationErrors } from './applications.errors.js';
import type { ApplicationDocument } from './applications.model.js';

/** How long findActiveRecent may answer from an earlier read. */
export const RECENT_APPLICATION_TTL_MS = 5_000;
/** Applications remembered by findActiveRecent per process (a few KB each). */
const RECENT_APPLICATIONS = 10_000;

/**
 * Which applications exist for whom: active ones (with their project and organization), the
 * caller's access to one, and a short-lived memory of active ones for the SDK ingest API.
 * `findActiveRow` answers whether the application itself is active.
 */
export function createApplicationAccess(
  deps: Pick<ApplicationsDeps, 'organizations' | 'projects'>,
  findActiveRow: (applicationId: string) => Promise<ApplicationDocument | null>,
) {
  const { organizations, projects } = deps;

  /** The application when it and its project are active (its organization may be deactivated). */
  async function findInActiveProject(applicationId: string): Promise<ApplicationDocument | null> {
    const application = await findActiveRow(applicationId);
    if (!application) return null;
    // A deactivated project takes its applications with it.
    return (await projects.findActive(String(application.project_id))) ? application : null;
  }

  async function findActive(applicationId: string): Promise<ApplicationDocument | null> {
    const application = await findActiveRow(applicationId);
    if (!application) return null;
    // A deactivated project takes its applications with it, and so does a deactivated organization (for
    // everyone outside its dashboard). Both are asked at once: every ingest request comes through here.
    const [project, organization] = await Promise.all([
      projects.findActive(String(application.project_id)),
      organizations.findActive(String(application.organization_id)),
    ]);
    return project && organization ? application : null;
  }

  async function authorize(userId: string, applicationId: string, permission: Permission) {
    const application = await findInActiveProject(applicationId);
    if (!application) throw new AppError(ApplicationErrors.NOT_FOUND);
    const { role, permissions, organization } = await organizations.authorize(
      userId,
      String(application.organization_id),
      permission,
      ApplicationErrors.NOT_FOUND,
    );
    return { application, role, permissions, organization };
  }

  /** authorize, plus the API-token restriction to its own application. */
  function authorizeCaller(caller: ApplicationCaller, applicationId: string, permission: Permission) {
    if (caller.applicationId !== null && caller.applicationId !== applicationId)
      throw new AppError(ApplicationErrors.NOT_FOUND);
    return authorize(caller.userId, applicationId, permission);
  }

  /** Active applications read lately (findActiveRecent), by lower-case id. */
  const recentlyActive = new LRUCache<string, ApplicationDocument>({
    max: RECENT_APPLICATIONS,
    ttl: RECENT_APPLICATION_TTL_MS,
  });
  /** Counts changes, so that a read that overlapped a change is not remembered (it may predate it). */
  let changesMade = 0;

  async function findActiveRecent(applicationId: string): Promise<ApplicationDocument | null> {
    const key = applicationId.toLowerCase();
    const remembered = recentlyActive.get(key);
    if (remembered) return remembered;
    const changesBefore = changesMade;
    const application = await findActive(applicationId);
    if (application && changesMade === changesBefore) recentlyActive.set(key, application);
    return application;
  }

  /** Drops what findActiveRecent remembers of an application and keeps reads under way from remembering it. */
  function forgetRecent(applicationId: Types.ObjectId): void {
    changesMade++;
    recentlyActive.delete(applicationId.toHexString());
  }

  return { findActive, findActiveRecent, forgetRecent, authorize, authorizeCaller };
}
