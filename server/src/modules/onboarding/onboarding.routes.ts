import type { ApiRouter } from '../../lib/api-router.js';
import { authOf } from '../../core/auth-context.js';
import { OnboardingSchema } from './onboarding.schemas.js';
import type { OnboardingService } from './onboarding.service.js';

/**
 * The first-run checklist (issue #36): the signed-in team member's own, read from the
 * organizations they belong to. Dashboard sessions only: API tokens and end users' sessions of a
 * project's pool are refused by the guard (no token scope, no application sessions).
 */
export function registerOnboardingRoutes(api: ApiRouter, onboarding: OnboardingService): void {
  const tags = ['Account'];
  const permissionReason =
    "the caller's own checklist; each step reads only what the caller's role may read in each of their organizations";
  const responses = { 200: { description: 'The checklist', schema: OnboardingSchema } };

  api.route(
    {
      method: 'get',
      permission: null,
      permissionReason,
      path: '/onboarding',
      summary: 'The first-run checklist of the signed-in team member',
      description:
        'Six steps (organization → project → application → allowed origin → snippet → first event), each computed from the data of the caller’s organizations on every read, and whether the caller hid the checklist. docs/dashboard.md, "First run".',
      tags,
      authenticated: true,
      responses,
    },
    async (req, res) => {
      res.json(await onboarding.get(authOf(req).userId));
    },
  );

  api.route(
    {
      method: 'post',
      permission: null,
      permissionReason,
      path: '/onboarding/dismissal',
      summary: 'Hide the first-run checklist',
      description: 'Remembered for the account (every browser); DELETE brings it back. Idempotent.',
      tags,
      authenticated: true,
      responses,
    },
    async (req, res) => {
      res.json(await onboarding.setDismissed(authOf(req).userId, true));
    },
  );

  api.route(
    {
      method: 'delete',
      permission: null,
      permissionReason,
      path: '/onboarding/dismissal',
      summary: 'Show the first-run checklist again',
      description: 'Undoes POST /onboarding/dismissal. Idempotent.',
      tags,
      authenticated: true,
      responses,
    },
    async (req, res) => {
      res.json(await onboarding.setDismissed(authOf(req).userId, false));
    },
  );
}
