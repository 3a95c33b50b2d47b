import mongoose, { Types, type Connection } from 'mongoose';
import type { Config } from '../../config.js';
import { AppError, CommonErrors } from '../../lib/errors.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { recordAudit, type ActivityService } from '../../core/audit.js';
import {
  PLATFORM_POOL,
  type PoolBranding,
  type PoolSettings,
  type PoolSettingsSource,
  type SignInMethod,
} from '../../core/pools.js';
import type { RequestContext } from '../../core/request-context.js';
import { ProjectErrors, type ProjectDocument, type ProjectsService } from '../projects/index.js';
import { PoolErrors } from './pools.errors.js';
import { poolModel, type PoolDocument } from './pools.model.js';
import type { UpdatePoolInput } from './pools.schemas.js';
import {
  auditMetadata,
  planChange,
  platformSettings,
  settingsFrom,
  settingsView,
  type PoolSettingsView,
} from './pools.settings.js';

/**
 * Who is asking. Signed-in sessions reach every project of their organizations; an API token is
 * bound to one application and reaches only that application's project (`onlyProjectId`, null
 * when the application is gone, so nothing is reachable).
 */
export interface PoolCaller {
  userId: string;
  onlyProjectId?: string | null;
}

/** What the hosted pages may know before anyone signs in. */
export interface PublicPoolView {
  project_id: string;
  application_id: string;
  branding: PoolBranding;
  signup: PoolSettings['signup'];
  methods: SignInMethod[];
  password_min_length: number;
  second_factor: PoolSettings['second_factor'];
}

export interface PoolsService extends PoolSettingsSource {
  /**
   * The settings of a pool: `'platform'` answers the server's configuration; a project's pool its
   * stored changes over the defaults. 404 pool_not_found for a pool that names no active project.
   */
  settingsOf(poolId: string): Promise<PoolSettings>;
  /** Members of the project's organization (API tokens: their application's project only). */
  get(caller: PoolCaller, projectId: string): Promise<PoolSettingsView>;
  /** Admins of the project's organization; audited `project.pool_updated`. */
  update(
    caller: PoolCaller,
    projectId: string,
    changes: UpdatePoolInput,
    context: RequestContext,
  ): Promise<PoolSettingsView>;
  /** Unauthenticated: what the hosted sign-in pages show; 404 pool_not_found when there is nothing to sign in to. */
  publicSettings(projectId: string, clientId: string | undefined): Promise<PublicPoolView>;
}

/** What the pools service needs of the applications module. */
export interface PoolApplications {
  /** The application when it, its project and its organization are active; else null. */
  findActive(applicationId: string): Promise<{ _id: Types.ObjectId; project_id: Types.ObjectId } | null>;
  /** Ids of the applications of these projects, whatever their state. */
  idsInProjects(projectIds: Types.ObjectId[]): Promise<Types.ObjectId[]>;
}

export interface PoolsDependencies {
  connection: Connection;
  config: Pick<Config, 'auth'>;
  activity: ActivityService;
  projects: Pick<ProjectsService, 'authorize' | 'findActive'>;
  applications: PoolApplications;
}

/** Attempts of a change that lost a race against another change of the same pool. */
const WRITE_ATTEMPTS = 3;
/** Applications (oldest first) looked at when finding a project's oldest active one. */
const APPLICATIONS_LOOKED_AT = 25;

export function createPoolsService(deps: PoolsDependencies): PoolsService {
  const Pools = poolModel(deps.connection);
  const { auth } = deps.config;

  const stored = (projectId: string) => Pools.findById(projectId).lean<PoolDocument>();

  /** The project when the caller's role may read (`change`: update) its pool; 404 for other tenants. */
  async function authorize(caller: PoolCaller, projectId: string, change: boolean) {
    if (caller.onlyProjectId !== undefined && caller.onlyProjectId !== projectId)
      throw new AppError(ProjectErrors.NOT_FOUND);
    const { project } = await deps.projects.authorize(
      caller.userId,
      projectId,
      change ? 'pool:update' : 'pool:read',
    );
    return project;
  }

  /** Writes over the revision that was checked; false when another change came first. */
  async function write(
    projectId: string,
    current: PoolDocument | null,
    set: Record<string, unknown>,
    unset: Record<string, ''>,
  ): Promise<boolean> {
    // A first change inserts the document; of two first changes at once, one is a duplicate.
    const filter = current
      ? { _id: projectId, revision: current.revision }
      : { _id: projectId, revision: mongoose.trusted({ $exists: false }) };
    const update: Record<string, unknown> = { $inc: { revision: 1 } };
    if (Object.keys(set).length > 0) update.$set = set;
    if (Object.keys(unset).length > 0) update.$unset = unset;
    try {
      const result = await Pools.updateOne(filter, update, { upsert: !current });
      return result.matchedCount === 1 || result.upsertedCount === 1;
    } catch (error) {
      if (isDuplicateKey(error)) return false;
      throw error;
    }
  }

  /** The application the hosted pages act for: `clientId` if it is one of the project's, else the oldest. */
  async function applicationFor(project: ProjectDocument, clientId: string | undefined) {
    if (clientId) {
      const named = await deps.applications.findActive(clientId);
      if (named && String(named.project_id) === String(project._id)) return String(named._id);
    }
    // Ids grow with creation time, so the smallest is the oldest.
    const ids = (await deps.applications.idsInProjects([project._id]))
      .map(String)
      .sort()
      .slice(0, APPLICATIONS_LOOKED_AT);
    for (const id of ids) if (await deps.applications.findActive(id)) return id;
    return null;
  }

  return {
    async settingsOf(poolId) {
      if (poolId === PLATFORM_POOL) return platformSettings(auth);
      const project = await deps.projects.findActive(poolId);
      if (!project) throw new AppError(PoolErrors.NOT_FOUND);
      return settingsFrom(auth, project, await stored(poolId));
    },

    async get(caller, projectId) {
      const project = await authorize(caller, projectId, false);
      const current = await stored(projectId);
      return settingsView(settingsFrom(auth, project, current), current);
    },

    async update(caller, projectId, changes, context) {
      const project = await authorize(caller, projectId, true);
      for (let attempt = 1; ; attempt += 1) {
        const current = await stored(projectId);
        const { set, unset, next } = planChange(auth, project, current, changes);
        if (await write(projectId, current, set, unset)) {
          await recordAudit(deps.activity, context, {
            action: 'project.pool_updated',
            resource_type: 'project',
            resource_id: projectId,
            organization_id: String(project.organization_id),
            project_id: projectId,
            user_id: caller.userId,
            metadata: auditMetadata(changes, next),
          });
          const written = await stored(projectId);
          return settingsView(settingsFrom(auth, project, written), written);
        }
        // Another change of this pool was written in between: check this one again over it.
        if (attempt >= WRITE_ATTEMPTS) throw new AppError(CommonErrors.SERVER_BUSY);
      }
    },

    async publicSettings(projectId, clientId) {
      const project = Types.ObjectId.isValid(projectId) ? await deps.projects.findActive(projectId) : null;
      if (!project) throw new AppError(PoolErrors.NOT_FOUND);
      const [applicationId, current] = await Promise.all([
        applicationFor(project, clientId),
        stored(projectId),
      ]);
      if (!applicationId) throw new AppError(PoolErrors.NOT_FOUND);
      const settings = settingsFrom(auth, project, current);
      return {
        project_id: projectId,
        application_id: applicationId,
        branding: settings.branding,
        signup: settings.signup,
        methods: settings.methods,
        password_min_length: settings.password_min_length,
        second_factor: settings.second_factor,
      };
    },
  };
}
