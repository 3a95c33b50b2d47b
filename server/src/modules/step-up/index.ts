export { StepUpErrors } from './step-up.errors.js';
export { isFresh, STEP_UP_MAX_AGE_SECONDS } from './step-up.gate.js';
export { registerStepUpRoutes, type StepUpRouteDependencies } from './step-up.routes.js';
export { STEP_UP_METHODS, type StepUpMethod } from './step-up.schemas.js';
export {
  createStepUpService,
  type ReauthenticationProof,
  type StepUpDependencies,
  type StepUpService,
} from './step-up.service.js';
