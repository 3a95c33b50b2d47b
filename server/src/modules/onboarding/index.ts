// The first-run checklist (issue #36): computed from the organizations' data, dismissible per account.
export { onboardingStateModel } from './onboarding.model.js';
export { registerOnboardingRoutes } from './onboarding.routes.js';
export { OnboardingSchema, ONBOARDING_STEPS, type OnboardingStep } from './onboarding.schemas.js';
export { createOnboardingService, type OnboardingService } from './onboarding.service.js';
