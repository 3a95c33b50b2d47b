import type { ApplicationView } from './applications.contract.js';
import type { ApplicationDocument } from './applications.model.js';
import { oidcView } from './applications.oidc.views.js';

/** An application as the API answers it; `publicUrl` makes its OpenID issuer. */
export function applicationView(application: ApplicationDocument, publicUrl: string): ApplicationView {
  return {
    id: String(application._id),
    project_id: String(application.project_id),
    organization_id: String(application.organization_id),
    name: application.name,
    slug: application.slug,
    description: application.description,
    version: application.version,
    api_endpoint: application.api_endpoint,
    allowed_origins: application.allowed_origins,
    is_active: application.is_active,
    oidc: oidcView(application, publicUrl),
    created_by: String(application.created_by),
    created_at: application.created_at.toISOString(),
    updated_at: application.updated_at.toISOString(),
  };
}

/** The origins CORS answers for an application: its allowed_origins and its API endpoint's origin. */
export function corsOrigins(allowedOrigins: string[], apiEndpoint: string | null): string[] {
  const origins = new Set(allowedOrigins);
  if (apiEndpoint) origins.add(new URL(apiEndpoint).origin);
  return [...origins];
}
