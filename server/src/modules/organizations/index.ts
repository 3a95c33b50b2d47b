export { can, permissionFlags, ROLES, type Permission, type Role } from './organizations.access.js';
export { OrganizationErrors } from './organizations.errors.js';
export { organizationModels, type MemberDocument, type OrganizationDocument } from './organizations.model.js';
export { registerOrganizationRoutes } from './organizations.routes.js';
export { OrganizationSchema } from './organizations.schemas.js';
export type { MemberSkillsService } from './organizations.skill-types.js';
export {
  createOrganizationsService,
  type Membership,
  type OrganizationsService,
  type OrganizationView,
} from './organizations.service.js';
