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
