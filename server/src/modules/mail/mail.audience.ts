import type { Locale } from '../../core/mail.js';
import { isPlatformPool } from '../../core/pools.js';
import { AppError } from '../../lib/errors.js';
import { PLATFORM_PRODUCT_NAME } from './mail.template-parts.js';

/**
 * What the mail module needs to know about a recipient who is an end user of a project's user
 * pool (issue #31): the pool's brand, its default locale and the application whose copies of the
 * templates the pool's mails use. Dashboard (platform) accounts have none.
 */
export interface PoolRecipient {
  /** The pool: the project id. */
  poolId: string;
  /** The pool's branding display name (default: the project's name). */
  productName: string;
  /** The pool's branding locale, the language of its mails unless the person chose one. */
  locale: Locale | null;
  /** The pool's default application (the project's oldest active one), or null when it has none. */
  applicationId: string | null;
}

export interface MailRecipients {
  /** The pool of account `userId` with its brand; null for a platform account or an unknown id. */
  poolRecipient(userId: string): Promise<PoolRecipient | null>;
  /** A project pool's brand; null for an unknown or deactivated project. */
  brandOf(projectId: string): Promise<Omit<PoolRecipient, 'poolId'> | null>;
}

interface PoolBranding {
  branding: { display_name: string; locale: Locale };
}

/** What the recipients are looked up in: the users' and the pools' modules, bound late in services.ts. */
export interface MailRecipientSources {
  /** The pool of account `userId`; null when there is no such account. */
  poolOfAccount(userId: string): Promise<string | null>;
  /** The pool's public settings; an AppError when the project has no active application or is unknown. */
  publicPool(projectId: string): Promise<PoolBranding & { application_id: string }>;
  /** The pool's settings; an AppError when the project is unknown or deactivated. */
  poolSettings(projectId: string): Promise<PoolBranding>;
}

/** `work`'s answer, or null when it refuses with an AppError (pool_not_found); other errors propagate. */
async function unlessRefused<T>(work: () => Promise<T>): Promise<T | null> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof AppError) return null;
    throw error;
  }
}

export function createMailRecipients(sources: MailRecipientSources): MailRecipients {
  async function brandOf(projectId: string) {
    const pool = await unlessRefused(() => sources.publicPool(projectId));
    // Without an active application the pool keeps its brand; its mails then use the built-in texts.
    const branding = pool?.branding ?? (await unlessRefused(() => sources.poolSettings(projectId)))?.branding;
    if (!branding) return null;
    return {
      productName: branding.display_name,
      locale: branding.locale,
      applicationId: pool?.application_id ?? null,
    };
  }

  return {
    brandOf,
    async poolRecipient(userId) {
      const poolId = await sources.poolOfAccount(userId);
      if (!poolId || isPlatformPool(poolId)) return null;
      const brand = await brandOf(poolId);
      return {
        poolId,
        productName: brand?.productName ?? PLATFORM_PRODUCT_NAME,
        locale: brand?.locale ?? null,
        applicationId: brand?.applicationId ?? null,
      };
    },
  };
}

/**
 * The placeholder values every mail gets unless its sender gives them: the product it names and
 * where its links lead. An end user's lead to the pool's hosted pages (`/p/{project_id}/…`),
 * `dashboardUrl` included, so that no mail (even an application's customized copy that names
 * `{{dashboardUrl}}`) sends them to the dashboard; a dashboard account's lead to the dashboard.
 */
export function audienceDefaults(
  urls: { publicUrl: string; dashboardUrl: string },
  pool: Pick<PoolRecipient, 'poolId' | 'productName'> | null,
): Record<string, string> {
  if (!pool) {
    return {
      productName: PLATFORM_PRODUCT_NAME,
      dashboardUrl: urls.dashboardUrl,
      accountUrl: `${urls.dashboardUrl}/dashboard`,
      signInUrl: `${urls.dashboardUrl}/auth`,
    };
  }
  const hosted = (path: string) => `${urls.publicUrl}/p/${encodeURIComponent(pool.poolId)}${path}`;
  return {
    productName: pool.productName,
    dashboardUrl: hosted('/account'),
    accountUrl: hosted('/account'),
    signInUrl: hosted('/sign-in'),
  };
}
