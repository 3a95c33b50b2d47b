import { Types } from 'mongoose';
import type { RollupScope } from './rollups.model.js';
import { REQUEST_ACTION, type RequestRecord } from './request-log.types.js';

/** Owners (application → project, organization) remembered between flushes. */
const MAX_CACHED_OWNERS = 10_000;

/**
 * What the request log asks the applications and projects modules (through their services): the
 * owners of the ids its rows name, one query per kind for a whole flush.
 */
export interface OwnerDirectory {
  /** Project and organization of each application found, whatever its state. */
  applicationOwners(
    ids: Types.ObjectId[],
  ): Promise<Array<{ _id: Types.ObjectId; project_id: Types.ObjectId; organization_id: Types.ObjectId }>>;
  /** Organization of each project found, whatever its state. */
  projectOrganizations(
    ids: Types.ObjectId[],
  ): Promise<Array<{ _id: Types.ObjectId; organization_id: Types.ObjectId }>>;
}

export interface Owner {
  application: Types.ObjectId | null;
  project: Types.ObjectId | null;
  organization: Types.ObjectId | null;
}

export const objectId = (id: string | null | undefined) =>
  id && Types.ObjectId.isValid(id) ? new Types.ObjectId(id) : null;

export type ObjectIds = (id: string | null | undefined) => Types.ObjectId | null;

/**
 * `objectId` remembered for one flush: its rows name the same few users, applications and
 * organizations again and again, and one ObjectId each serves them all (it is only read).
 */
export function objectIds(): ObjectIds {
  const known = new Map<string, Types.ObjectId | null>();
  return (id) => {
    if (!id) return null;
    let value = known.get(id);
    if (value === undefined) known.set(id, (value = objectId(id)));
    return value;
  };
}

/** The rollup scopes a row counts in: its application, project and organization, as far as known. */
export function scopesOf(owner: Owner): Array<[RollupScope, Types.ObjectId]> {
  const scopes: Array<[RollupScope, Types.ObjectId]> = [];
  if (owner.application) scopes.push(['application', owner.application]);
  if (owner.project) scopes.push(['project', owner.project]);
  if (owner.organization) scopes.push(['organization', owner.organization]);
  return scopes;
}

/** Completes the owners of request rows; without a directory, rows keep the owners they name. */
export function createOwnerResolver(directory: OwnerDirectory | undefined) {
  const applicationOwners = new Map<string, Owner>();
  const projectOrganizations = new Map<string, Types.ObjectId>();

  /** An application names its project and organization, a project its organization. */
  return async function resolveOwners(rows: RequestRecord[], idOf: ObjectIds = objectId): Promise<Owner[]> {
    const missingApplications = new Set<string>();
    const missingProjects = new Set<string>();
    for (const row of rows) {
      if (row.application_id && (!row.project_id || !row.organization_id)) {
        if (!applicationOwners.has(row.application_id)) missingApplications.add(row.application_id);
      } else if (row.project_id && !row.organization_id && !projectOrganizations.has(row.project_id)) {
        missingProjects.add(row.project_id);
      }
    }
    if (applicationOwners.size + missingApplications.size > MAX_CACHED_OWNERS) applicationOwners.clear();
    if (projectOrganizations.size + missingProjects.size > MAX_CACHED_OWNERS) projectOrganizations.clear();
    const idsOf = (ids: Set<string>) => [...ids].map((id) => new Types.ObjectId(id));
    const [applications, projects] = await Promise.all([
      missingApplications.size && directory ? directory.applicationOwners(idsOf(missingApplications)) : [],
      missingProjects.size && directory ? directory.projectOrganizations(idsOf(missingProjects)) : [],
    ]);
    for (const application of applications)
      applicationOwners.set(String(application._id), {
        application: application._id,
        project: application.project_id,
        organization: application.organization_id,
      });
    for (const project of projects) projectOrganizations.set(String(project._id), project.organization_id);

    return rows.map((row) => {
      const known = row.application_id ? applicationOwners.get(row.application_id) : undefined;
      const application = idOf(row.application_id);
      const project = idOf(row.project_id) ?? known?.project ?? null;
      const organization =
        idOf(row.organization_id) ??
        known?.organization ??
        (row.project_id ? (projectOrganizations.get(row.project_id) ?? null) : null);
      return { application, project, organization };
    });
  };
}

/** A request as the activity log stores it: an `api` entry with its owners completed. */
export function requestLogRow(row: RequestRecord, owner: Owner, idOf: ObjectIds = objectId) {
  return {
    _id: new Types.ObjectId(),
    action: REQUEST_ACTION,
    resource_type: 'api',
    resource_id: null,
    metadata: {},
    endpoint: row.endpoint,
    method: row.method,
    status_code: row.status_code,
    response_time_ms: row.response_time_ms,
    ip_address: row.ip_address,
    sdk_version: row.sdk_version ?? null,
    user_agent: row.user_agent,
    user_id: idOf(row.user_id),
    anonymous_user_id: null,
    installation_id: null,
    organization_id: owner.organization,
    project_id: owner.project,
    application_id: owner.application,
    ...(row.source ? { source: row.source } : {}),
    created_at: row.created_at,
  };
}
