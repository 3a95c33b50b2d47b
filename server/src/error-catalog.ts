import { AlertErrors } from './modules/alerts/alerts.errors.js';
import { ApplicationErrors } from './modules/applications/applications.errors.js';
import { AppRoleErrors } from './modules/app-roles/app-roles.errors.js';
import { AssistantErrors } from './modules/assistant/assistant.errors.js';
import { AuthErrors } from './modules/auth/auth.errors.js';
import { EmbeddingErrors } from './modules/embedding/embedding.errors.js';
import { HostedCodeErrors } from './modules/embedding/embedding.hosted.errors.js';
import { PoolGoogleErrors } from './modules/embedding/embedding.google.errors.js';
import { EmailTemplateErrors } from './modules/email-templates/email-templates.errors.js';
import { FactorChangeErrors } from './modules/factor-changes/factor-changes.errors.js';
import { MailErrors } from './modules/mail/mail.errors.js';
import { MfaErrors } from './modules/mfa/mfa.errors.js';
import { PasskeyErrors } from './modules/passkeys/passkeys.errors.js';
import { OrganizationErrors } from './modules/organizations/organizations.errors.js';
import { ProjectErrors } from './modules/projects/projects.errors.js';
import { PoolErrors } from './modules/pools/pools.errors.js';
import { PoolUserErrors } from './modules/pool-users/pool-users.errors.js';
import { OidcErrors } from './modules/oidc/oidc.errors.js';
import { PolicyErrors } from './modules/policies/policies.errors.js';
import { TokenErrors } from './modules/tokens/tokens.errors.js';
import { PrivacyErrors } from './modules/privacy/privacy.errors.js';
import { StepUpErrors } from './modules/step-up/step-up.errors.js';
import { TelemetryErrors } from './modules/telemetry/telemetry.errors.js';
import { WebhookErrors } from './modules/webhooks/webhooks.errors.js';
import { CommonErrors, type ErrorDefinition } from './lib/errors.js';
import { RateLimitErrors } from './lib/rate-limit/rate-limit.errors.js';

/**
 * The one list of every error the API can answer with, gathered from the catalogs: CommonErrors
 * and each module's `<feature>.errors.ts`. Clients rely on it — the dashboard has a German and an
 * English text for every code (dashboard/test/error-messages.test.ts walks this list), and
 * server/test/foundation/error-catalog.test.ts searches server/src for `code: '…'` so that a code
 * defined anywhere else fails the suite until it is listed here.
 *
 * It sits at the top of the server, beside app.ts, because it gathers every module; lib/ and core/
 * never import a module. It imports the modules' `*.errors.ts` directly, not their index: those
 * files are plain data, so the dashboard's tests can import this list without loading the server.
 */

export const ERROR_CATALOGS = {
  CommonErrors,
  RateLimitErrors,
  AlertErrors,
  ApplicationErrors,
  AppRoleErrors,
  AssistantErrors,
  AuthErrors,
  EmbeddingErrors,
  HostedCodeErrors,
  PoolGoogleErrors,
  EmailTemplateErrors,
  MailErrors,
  OrganizationErrors,
  ProjectErrors,
  PoolErrors,
  PoolUserErrors,
  OidcErrors,
  PolicyErrors,
  TokenErrors,
  PrivacyErrors,
  TelemetryErrors,
  WebhookErrors,
  MfaErrors,
  PasskeyErrors,
  StepUpErrors,
  FactorChangeErrors,
} as const satisfies Record<string, Record<string, ErrorDefinition>>;

/** Every definition of every catalog (a code may appear in several, e.g. slug_taken). */
export const ERROR_DEFINITIONS: readonly ErrorDefinition[] = Object.values(ERROR_CATALOGS).flatMap(
  (catalog): ErrorDefinition[] => Object.values(catalog),
);

/** Every `code` the API can answer with, sorted, each once. */
export const API_ERROR_CODES: readonly string[] = [
  ...new Set(ERROR_DEFINITIONS.map((definition) => definition.code)),
].sort();
