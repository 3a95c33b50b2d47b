export { PolicyErrors } from './policies.errors.js';
export { createCheckService, type CheckService, type CheckServiceDependencies } from './policies.checks.js';
export { createDenialRecorder, DENIED_ACTION, type DenialRecorder } from './policies.denials.js';
export { compilePolicies, decide, type Decision, type PolicyRule } from './policies.engine.js';
export {
  registerEndUserAuthorizeRoute,
  registerPolicyRoutes,
  type PolicyRouteDependencies,
} from './policies.routes.js';
export { createPolicyService, type PolicyService } from './policies.service.js';
export { createPolicyStore, type PolicyStore } from './policies.store.js';
export { createPoliciesService, type PoliciesService } from './policies.module.js';
