import type { Config } from '../../config.js';
import type { ApplicationDocument } from '../applications/index.js';
import { audienceDefaults, PLATFORM_PRODUCT_NAME } from '../mail/index.js';

/** The display name of a project pool's brand (the pools module; bound late in services.ts). */
export type ProductNameOf = (projectId: string) => Promise<string | null>;

/**
 * What a preview or a send of an application's template fills in unless its data gives it: the
 * product the mail names (the branding display name of the application's project pool) and where
 * `{{accountUrl}}`, `{{signInUrl}}` and `{{dashboardUrl}}` lead — the pool's hosted pages, as in
 * the account mails the platform sends its end users.
 */
export async function applicationMailDefaults(
  config: Config,
  productNameOf: ProductNameOf | undefined,
  application: Pick<ApplicationDocument, 'project_id'>,
): Promise<Record<string, string>> {
  const poolId = String(application.project_id);
  const productName = (await productNameOf?.(poolId)) ?? PLATFORM_PRODUCT_NAME;
  return audienceDefaults(
    { publicUrl: config.publicUrl, dashboardUrl: config.auth.dashboardUrl },
    { poolId, productName },
  );
}
