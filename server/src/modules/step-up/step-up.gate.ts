import type { Request } from 'express';
import { AppError } from '../../lib/errors.js';
import type { StepUpGate } from '../../lib/api-router.js';
import { authOf } from '../../core/auth-context.js';
import type { UserDocument } from '../../core/account.js';
import { AuthErrors } from '../auth/index.js';
import { StepUpErrors } from './step-up.errors.js';
import { ReauthenticationRequiredSchema, type StepUpMethod } from './step-up.schemas.js';

/**
 * How long a proof of identity counts as fresh: long enough to finish one task in the security
 * settings, short enough that a stolen 15-minute access token is mostly past it.
 */
export const STEP_UP_MAX_AGE_SECONDS = 600;

/** Whether a proof made at `authTime` is still fresh at `now`. */
export function isFresh(authTime: Date | null, now = Date.now()): boolean {
  return authTime !== null && now - authTime.getTime() <= STEP_UP_MAX_AGE_SECONDS * 1000;
}

/**
 * The check routes with `stepUp` run after validation: a dashboard session whose auth_time is
 * fresh passes; any other session answers 403 reauthentication_required with the proofs the
 * account can give, so the client can ask for one inline and retry.
 */
export function createStepUpGate(methodsOf: (user: UserDocument) => Promise<StepUpMethod[]>): StepUpGate {
  return {
    async check(req: Request) {
      const caller = authOf(req);
      // A token proves no person; a session does — the dashboard's, or an end user's application
      // session on the hosted account page (its own account's routes; docs/user-pools.md).
      if (caller.via === 'api_token' || !caller.sessionId) throw new AppError(AuthErrors.TOKEN_NOT_ALLOWED);
      if (isFresh(caller.authTime)) return;
      throw new AppError(StepUpErrors.REAUTHENTICATION_REQUIRED, {
        fields: { methods: await methodsOf(caller.user), max_age_seconds: STEP_UP_MAX_AGE_SECONDS },
      });
    },
    refusal: {
      description: `reauthentication_required: no proof of identity in the last ${STEP_UP_MAX_AGE_SECONDS / 60} minutes; give one at POST /auth/reauthenticate and retry`,
      schema: ReauthenticationRequiredSchema,
    },
  };
}
