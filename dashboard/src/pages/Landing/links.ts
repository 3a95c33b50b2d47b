/** The public documentation page (SPEC §2 /docs) and the machine-readable API document. */
export const API_DOCS_URL = '/docs';
export const OPENAPI_URL = '/api/v1/openapi.json';

/**
 * The footer's developer links into sections of /docs (SPEC §2). `guide`: shown only while the docs
 * have that guide (docs/<guide>.md), so the footer never links to a section that is not there.
 */
export const DOCS_SECTION_LINKS: { href: string; label: string; guide?: string }[] = [
  { href: '/docs#getting-started', label: 'Getting Started' },
  { href: '/docs#sdks', label: 'SDKs' },
  { href: '/docs#webhooks', label: 'Webhooks', guide: 'webhooks' },
];

/** Where the landing page's pricing anchor and the footer's Pricing link land (issue #36 item 9). */
export const PRICING_ANCHOR = 'pricing';

/**
 * Deployment-specific targets, set at build time like VITE_SUPPORT_EMAIL: the operator's legal
 * notice (SPEC: "Impressum on an external site") and support address. Without them the links go
 * to the docs that say how to run and configure the platform, and to the docs assistant.
 */
const env: Record<string, string | undefined> = import.meta.env ?? {};
export const IMPRESSUM_URL: string = env.VITE_IMPRESSUM_URL || '/docs#self-hosting';
const SUPPORT_EMAIL: string | undefined = env.VITE_SUPPORT_EMAIL;
export const SUPPORT_URL: string = SUPPORT_EMAIL ? `mailto:${SUPPORT_EMAIL}` : '/docs#assistant';

/** The public status page: the API's health (GET /api/v1/health), linked from the footer's Status. */
export const STATUS_PATH = '/status';

/** The footer's Company links and its Support/Security entries: each to a real place. */
export const COMPANY_LINKS = [
  { href: '/docs#concepts', label: 'landing.footer.aboutLink' },
  { href: `#${PRICING_ANCHOR}`, label: 'landing.footer.pricing' },
  { href: '/docs#privacy', label: 'landing.footer.privacy' },
  { href: IMPRESSUM_URL, label: 'landing.footer.impressum' },
] as const;
export const SERVICE_LINKS = [
  { href: SUPPORT_URL, label: 'landing.footer.support' },
  { href: '/docs#security', label: 'landing.footer.security' },
] as const;
