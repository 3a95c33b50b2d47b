import mongoose, { Types, type Connection } from 'mongoose';
import type { OrganizationIdsOf } from '../../core/permissions.js';
import { isDuplicateKey } from '../../lib/mongoose-plugins.js';
import { applicationModel } from '../applications/index.js';
import { projectModel } from '../projects/index.js';
import { analyticsModels, installationModel } from '../telemetry/index.js';
import { onboardingStateModel } from './onboarding.model.js';
import { ONBOARDING_STEPS, type OnboardingStep, type OnboardingView } from './onboarding.schemas.js';

export interface OnboardingDeps {
  connection: Connection;
  /** The caller's organizations, or those where their role has a permission (organizations module). */
  organizationIdsOf: OrganizationIdsOf;
}

export interface OnboardingService {
  /** The checklist of the signed-in person, computed from their organizations' data. */
  get(userId: string): Promise<OnboardingView>;
  /** Hides (true) or brings back (false) the checklist; answers the checklist as it now is. */
  setDismissed(userId: string, dismissed: boolean): Promise<OnboardingView>;
}

type Found<T> = Promise<T | null>;

/**
 * Each step is an existence question answered by one indexed `findOne` (limit 1, only the fields
 * needed): never a count, never a scan of events. The questions read other modules' collections
 * through the models their index.ts exports — read-only, as product analytics does — because no
 * service offers "does any exist" across a set of organizations, and a list would read pages.
 *
 * What the person may see is what their role lets them read in each organization: projects
 * (project:read), applications and their origins (application:read), traffic (analytics:read).
 * A member of several organizations sees a step done when it is done in any of them.
 */
export function createOnboardingService(deps: OnboardingDeps): OnboardingService {
  const States = onboardingStateModel(deps.connection);
  const Projects = projectModel(deps.connection);
  const Applications = applicationModel(deps.connection);
  const Installations = installationModel(deps.connection);
  const { Rollups, EventCounts } = analyticsModels(deps.connection);

  type AppRow = { _id: Types.ObjectId; project_id: Types.ObjectId; organization_id: Types.ObjectId };
  const appFields = { _id: 1, project_id: 1, organization_id: 1 };

  // Operators we write ourselves are marked trusted so the global sanitizeFilter keeps them.
  const anyIn = (ids: Types.ObjectId[]) => mongoose.trusted({ $in: ids }) as { $in: Types.ObjectId[] };

  async function progress(userId: string) {
    const [member, projectReaders, applicationReaders, analyticsReaders] = await Promise.all([
      deps.organizationIdsOf(userId),
      deps.organizationIdsOf(userId, 'project:read'),
      deps.organizationIdsOf(userId, 'application:read'),
      deps.organizationIdsOf(userId, 'analytics:read'),
    ]);
    const none = Promise.resolve(null);
    const apps = applicationReaders.length > 0;
    const traffic = analyticsReaders.length > 0;
    const [withOrigin, anyApplication, anyProject, installation, request, event] = await Promise.all([
      apps
        ? // The driver's own findOne: mongoose would cast `$ne: []` to a string and refuse it.
          (Applications.collection.findOne(
            { organization_id: anyIn(applicationReaders), is_active: true, allowed_origins: { $ne: [] } },
            { projection: appFields },
          ) as Found<AppRow>)
        : none,
      apps
        ? (Applications.findOne(
            { organization_id: anyIn(applicationReaders), is_active: true },
            appFields,
          ).lean() as Found<AppRow>)
        : none,
      projectReaders.length > 0
        ? (Projects.findOne(
            { organization_id: anyIn(projectReaders), is_active: true },
            { _id: 1 },
          ).lean() as Found<{
            _id: Types.ObjectId;
          }>)
        : none,
      traffic ? Installations.exists({ organization_id: anyIn(analyticsReaders) }) : none,
      // A rollup or event count exists only for traffic that is not a dashboard's (request-log.middleware).
      traffic ? Rollups.exists({ scope: 'organization', scope_id: anyIn(analyticsReaders) }) : none,
      traffic ? EventCounts.exists({ scope: 'organization', scope_id: anyIn(analyticsReaders) }) : none,
    ]);
    // The application the next steps are about: one with an allowed origin when there is one.
    const application = withOrigin ?? anyApplication;
    const projectId = application?.project_id ?? anyProject?._id ?? null;
    const organizationId = application?.organization_id ?? member[0] ?? null;
    const done: Record<OnboardingStep, boolean> = {
      organization: member.length > 0,
      project: projectId !== null,
      application: application !== null,
      origin: withOrigin !== null,
      snippet: installation !== null || request !== null || event !== null,
      event: event !== null,
    };
    const context = {
      organization_id: organizationId ? String(organizationId) : null,
      project_id: projectId ? String(projectId) : null,
      application_id: application ? String(application._id) : null,
    };
    return { done, context };
  }

  async function view(userId: string, dismissedAt: Date | null): Promise<OnboardingView> {
    const { done, context } = await progress(userId);
    const steps = ONBOARDING_STEPS.map((key) => ({ key, done: done[key] }));
    const count = steps.filter((step) => step.done).length;
    return {
      steps,
      done: count,
      total: steps.length,
      complete: count === steps.length,
      dismissed: dismissedAt !== null,
      dismissed_at: dismissedAt ? dismissedAt.toISOString() : null,
      next: steps.find((step) => !step.done)?.key ?? null,
      context,
    };
  }

  return {
    async get(userId) {
      const state = await States.findOne({ user_id: new Types.ObjectId(userId) }, { dismissed_at: 1 }).lean();
      return view(userId, state?.dismissed_at ?? null);
    },

    async setDismissed(userId, dismissed) {
      const dismissedAt = dismissed ? new Date() : null;
      const write = () =>
        States.updateOne(
          { user_id: new Types.ObjectId(userId) },
          { $set: { dismissed_at: dismissedAt } },
          { upsert: dismissed },
        );
      // Two tabs dismissing at once: the loser of the upsert race updates the winner's document.
      await write().catch((error: unknown) => {
        if (isDuplicateKey(error)) return write();
        throw error;
      });
      return view(userId, dismissedAt);
    },
  };
}
