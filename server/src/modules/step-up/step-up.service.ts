import type {
  AuthenticationResponseJSON,
  PublicKeyCredentialRequestOptionsJSON,
} from '@simplewebauthn/server';
import { AppError } from '../../lib/errors.js';
import { recordAudit, type ActivityService } from '../../core/audit.js';
import type { AuthContext } from '../../core/auth-context.js';
import type { RequestContext } from '../../core/request-context.js';
import type { UserDocument } from '../../core/account.js';
import { secondFactorEvent } from '../../core/second-factor.js';
import { AuthErrors } from '../auth/index.js';
import { MfaErrors } from '../mfa/index.js';
import { PasskeyErrors } from '../passkeys/index.js';
import { createStepUpGate, STEP_UP_MAX_AGE_SECONDS } from './step-up.gate.js';
import type { StepUpMethod } from './step-up.schemas.js';

/** One proof of identity: exactly one of the three is set (the route's schema sees to it). */
export interface ReauthenticationProof {
  password?: string;
  code?: string;
  webauthn_response?: AuthenticationResponseJSON;
}

export interface StepUpDependencies {
  activity: ActivityService;
  /** The sign-in password check (lockout and its counters included); throws when wrong. */
  verifyPassword(email: string, password: string, context: RequestContext): Promise<unknown>;
  /**
   * The second sign-in step's check (the mfa module): a TOTP code, a recovery code or a passkey
   * assertion for a challenge bound to `boundTo`; false when wrong, counted towards the lockout.
   */
  verifySecondFactor(
    user: UserDocument,
    answer: { code?: string; recovery_code?: string; webauthn_response?: AuthenticationResponseJSON },
    context: RequestContext,
    boundTo: string,
  ): Promise<boolean>;
  /** The second factors the account has on (the mfa module's status). */
  secondFactorsOf(userId: string): Promise<Array<'totp' | 'webauthn'>>;
  /** Options for an assertion by one of the account's passkeys, bound to `boundTo` (passkeys module). */
  passkeyOptions(userId: string, boundTo: string): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** Records the fresh proof in the session (auth module); null when the session has ended. */
  renewAuthTime(sessionId: string, userId: string): Promise<Date | null>;
}

export interface StepUpService {
  /** The proofs the account can give, as a refusal lists them. */
  methodsOf(user: UserDocument): Promise<StepUpMethod[]>;
  /** What the routers check on routes with `stepUp`. */
  readonly gate: ReturnType<typeof createStepUpGate>;
  /** Options for a passkey assertion that renews this session's auth_time. */
  passkeyOptions(caller: AuthContext): Promise<PublicKeyCredentialRequestOptionsJSON>;
  /** Checks the proof like at sign-in and renews the session's auth_time. */
  reauthenticate(
    caller: AuthContext,
    proof: ReauthenticationProof,
    context: RequestContext,
  ): Promise<{ auth_time: string; reauthenticate_before: string }>;
}

/** A TOTP code is six digits (spaces allowed, as the app shows them); anything else a recovery code. */
const TOTP_CODE = /^\d{6}$/;

export function createStepUpService(deps: StepUpDependencies): StepUpService {
  async function methodsOf(user: UserDocument): Promise<StepUpMethod[]> {
    const factors = await deps.secondFactorsOf(String(user._id));
    return [
      ...(user.password_hash ? (['password'] as const) : []),
      ...(factors.includes('totp') ? (['totp'] as const) : []),
      ...(factors.includes('webauthn') ? (['passkey'] as const) : []),
    ];
  }

  /** The session a step-up belongs to: a person's session (dashboard or end user), never a token. */
  function sessionOf(caller: AuthContext): string {
    if (caller.via === 'api_token' || !caller.sessionId) throw new AppError(AuthErrors.TOKEN_NOT_ALLOWED);
    return caller.sessionId;
  }

  /** Checks the one proof given; answers which kind it was, for the audit trail. */
  async function checkProof(
    user: UserDocument,
    proof: ReauthenticationProof,
    sessionId: string,
    context: RequestContext,
  ): Promise<'password' | 'passkey' | 'totp' | 'recovery_code'> {
    if (proof.password !== undefined) {
      try {
        await deps.verifyPassword(user.email, proof.password, context);
      } catch (error) {
        // 400, not 401: the session is fine, and a 401 would make a client refresh and resend
        // the wrong password, counting it twice.
        if (error instanceof AppError && error.code === AuthErrors.INVALID_CREDENTIALS.code)
          throw new AppError(AuthErrors.WRONG_CURRENT_PASSWORD);
        throw error;
      }
      return 'password';
    }
    if (proof.webauthn_response) {
      // The assertion must answer a challenge issued to this very session (passkeyOptions).
      if (
        !(await deps.verifySecondFactor(
          user,
          { webauthn_response: proof.webauthn_response },
          context,
          sessionId,
        ))
      )
        throw new AppError(PasskeyErrors.PASSKEY_NOT_ACCEPTED);
      return 'passkey';
    }
    const code = (proof.code ?? '').replace(/\s+/g, '');
    const totp = TOTP_CODE.test(code);
    const answer = totp ? { code } : { recovery_code: code };
    if (!(await deps.verifySecondFactor(user, answer, context, sessionId)))
      throw new AppError(totp ? MfaErrors.INVALID_CODE : MfaErrors.INVALID_RECOVERY_CODE);
    return totp ? 'totp' : 'recovery_code';
  }

  return {
    methodsOf,
    gate: createStepUpGate(methodsOf),

    async passkeyOptions(caller) {
      return deps.passkeyOptions(caller.userId, sessionOf(caller));
    },

    async reauthenticate(caller, proof, context) {
      const sessionId = sessionOf(caller);
      const method = await checkProof(caller.user, proof, sessionId, context);
      const authTime = await deps.renewAuthTime(sessionId, caller.userId);
      if (!authTime) throw new AppError(AuthErrors.SESSION_ENDED);
      await recordAudit(
        deps.activity,
        context,
        secondFactorEvent('user.reauthenticated', caller.userId, {
          metadata: { method, session_id: sessionId },
        }),
      );
      return {
        auth_time: authTime.toISOString(),
        reauthenticate_before: new Date(authTime.getTime() + STEP_UP_MAX_AGE_SECONDS * 1000).toISOString(),
      };
    },
  };
}
