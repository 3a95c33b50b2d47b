import type { Connection } from 'mongoose';
import type { Logger } from 'pino';
import type { ActivityService } from '../../core/audit.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import { createCheckService, type CheckService, type CheckServiceDependencies } from './policies.checks.js';
import { createDenialRecorder } from './policies.denials.js';
import {
  createPolicyService,
  type PolicyService,
  type PolicyServiceDependencies,
} from './policies.service.js';
import { createPolicyStore } from './policies.store.js';

/** The policies of projects and organizations (CRUD) and the check API's decisions. */
export interface PoliciesService {
  policies: PolicyService;
  checks: CheckService;
  /** Writes the denials queued now (tests read them back). */
  flushDenials(): Promise<void>;
  /** Writes the denials still queued (server shutdown). */
  close(): Promise<void>;
}

export function createPoliciesService(
  deps: {
    connection: Connection;
    logger: Logger;
    /** The audit trail; its insertMany takes the denial rows, a batch per second. */
    activity: ActivityService & { insertMany(rows: Array<Record<string, unknown>>): Promise<void> };
    webhooks?: WebhookEmitter;
  } & Pick<PolicyServiceDependencies, 'projects' | 'organizations'> &
    Omit<CheckServiceDependencies, 'store' | 'denials' | 'projects' | 'organizations'> & {
      organizations: CheckServiceDependencies['organizations'];
      projects: CheckServiceDependencies['projects'];
    },
): PoliciesService {
  const store = createPolicyStore(deps.connection);
  const denials = createDenialRecorder({
    insertMany: (rows) => deps.activity.insertMany(rows),
    logger: deps.logger,
  });
  return {
    policies: createPolicyService({ ...deps, store }),
    checks: createCheckService({ ...deps, store, denials }),
    flushDenials: () => denials.flush(),
    close: () => denials.close(),
  };
}
