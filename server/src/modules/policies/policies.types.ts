import type { ActivityService } from '../../core/audit.js';
import type { WebhookEmitter } from '../../core/webhooks.js';
import type { AppRolesService } from '../app-roles/index.js';
import type { ApplicationsService } from '../applications/index.js';
import type { OrganizationsService } from '../organizations/index.js';
import type { ProjectsService } from '../projects/index.js';
import type { UsersService } from '../users/index.js';
import type { DenialRecorder } from './policies.denials.js';
import type { PolicyStore } from './policies.store.js';

/**
 * Who manages policies: a signed-in member of the organization, or an API token — bound to one
 * application, so to its project (`onlyProjectId`, null when that application is gone) and its
 * organization (`onlyOrganizationId`). `tokenId` names the token in the audit trail.
 */
export interface PolicyCaller {
  userId: string;
  onlyProjectId?: string | null;
  onlyOrganizationId?: string | null;
  tokenId?: string | null;
}

/** Whose policies a route acts on: `/projects/{id}/policies` or `/organizations/{id}/policies`. */
export interface OwnerRef {
  kind: 'project' | 'organization';
  id: string;
}

export interface PolicyServiceDependencies {
  store: PolicyStore;
  activity: ActivityService;
  webhooks?: WebhookEmitter;
  projects: Pick<ProjectsService, 'authorize'>;
  organizations: Pick<OrganizationsService, 'authorize'>;
}

export interface CheckServiceDependencies {
  store: PolicyStore;
  denials: DenialRecorder;
  users: Pick<UsersService, 'findById'>;
  appRoles: Pick<AppRolesService, 'rolesAndPermissionsOf'>;
  organizations: Pick<
    OrganizationsService,
    'authorize' | 'membershipsOf' | 'permissionsOf' | 'skillsOfMember'
  >;
  projects: Pick<ProjectsService, 'authorize'>;
  applications: Pick<ApplicationsService, 'findActive'>;
  /** Whether the account has a second factor (authenticator app or passkey). */
  hasSecondFactor(userId: string): Promise<boolean>;
}

/** Who calls POST /api/v1/authorize: a dashboard session, or an API token (bound to its application). */
export interface MemberCaller {
  userId: string;
  via: 'session' | 'api_token' | 'application_session';
  applicationId: string | null;
  tokenId: string | null;
}
