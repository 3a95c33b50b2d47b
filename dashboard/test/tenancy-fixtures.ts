/** Server-shaped records for the tenancy component tests (SPEC §3 fields, API JSON shapes). */
export const now = '2024-03-05T10:00:00.000Z';

export function organization(overrides: Record<string, unknown> = {}) {
  return {
    id: 'a00000000000000000000001',
    name: 'Acme Inc',
    slug: 'acme-inc',
    description: 'Wir bauen Dinge.',
    website_url: 'https://acme.example',
    is_active: true,
    max_members: 50,
    created_by: 'u1',
    created_at: now,
    updated_at: now,
    role: 'admin',
    ...overrides,
  };
}

export function member(overrides: Record<string, unknown> = {}) {
  return {
    id: 'm00000000000000000000001',
    organization_id: 'a00000000000000000000001',
    user_id: 'u1',
    role: 'admin',
    is_active: true,
    invited_by: null,
    joined_at: now,
    user: { id: 'u1', email: 'ada@example.com', display_name: 'Ada' },
    ...overrides,
  };
}

export function project(overrides: Record<string, unknown> = {}) {
  return {
    id: 'p00000000000000000000001',
    name: 'Webshop',
    slug: 'webshop',
    description: null,
    organization_id: 'a00000000000000000000001',
    environment: 'development',
    repository_url: null,
    api_key_prefix: 'pk_1a2b3',
    is_active: true,
    created_by: 'u1',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export function application(overrides: Record<string, unknown> = {}) {
  return {
    id: 'b00000000000000000000001',
    project_id: 'p00000000000000000000001',
    organization_id: 'a00000000000000000000001',
    name: 'Shop Frontend',
    slug: 'shop-frontend',
    description: 'Die Kundenseite',
    version: '1.0.0',
    api_endpoint: null,
    allowed_origins: [],
    is_active: true,
    created_by: 'u1',
    created_at: now,
    updated_at: now,
    ...overrides,
  };
}

export const user = {
  id: 'u1',
  email: 'ada@example.com',
  display_name: 'Ada',
  is_verified: true,
  created_at: now,
  last_login_at: null,
};

export function list(data: unknown[], next_cursor: string | null = null) {
  return { data, next_cursor };
}
