/**
 * What a benchmark sets up through the API before it loads a server: a user with an organization,
 * a project, an application and a read-scoped API token; and the analytics batches it ingests.
 */
export const PASSWORD = 'benchmark password';

export async function api(
  base: string,
  route: string,
  init: { body?: unknown; headers?: Record<string, string>; method?: string } = {},
) {
  const response = await fetch(`${base}${route}`, {
    method: init.method ?? (init.body === undefined ? 'GET' : 'POST'),
    headers: { 'content-type': 'application/json', ...init.headers },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  if (!response.ok) throw new Error(`${route} → ${response.status} ${await response.text()}`);
  return { body: (await response.json()) as Record<string, unknown>, headers: response.headers };
}

export interface Fixture {
  email: string;
  accessToken: string;
  refreshToken: string;
  apiToken: string;
  applicationId: string;
  projectId: string;
}

let fixtureCount = 0;

/** A user with an organization, project, application and a read-scoped API token, through the API. */
export async function fixture(base: string): Promise<Fixture> {
  fixtureCount += 1;
  const email = `bench.${Date.now()}.${fixtureCount}@example.com`;
  const slug = `bench-${Date.now().toString(36)}-${fixtureCount}`;
  await api(base, '/api/v1/auth/register', { body: { email, password: PASSWORD } });
  const { body: session } = await api(base, '/api/v1/auth/login', { body: { email, password: PASSWORD } });
  const auth = { authorization: `Bearer ${session.access_token as string}` };
  const org = await api(base, '/api/v1/organizations', { body: { name: 'Bench', slug }, headers: auth });
  const project = await api(base, '/api/v1/projects', {
    body: { name: 'Web', slug, organization_id: org.body.id },
    headers: auth,
  });
  const app = await api(base, '/api/v1/applications', {
    body: { name: 'Shop', slug, project_id: project.body.id },
    headers: auth,
  });
  const token = await api(base, '/api/v1/tokens', {
    body: { name: 'bench', scopes: ['read'], application_id: app.body.id },
    headers: auth,
  });
  return {
    email,
    accessToken: session.access_token as string,
    refreshToken: session.refresh_token as string,
    apiToken: token.body.token as string,
    applicationId: app.body.id as string,
    projectId: project.body.id as string,
  };
}

/**
 * A `POST /api/v1/analytics` body: `size` page views with unique ids, from one of 100 sessions and
 * 1,000 installations (by `sequence`), as the SDKs send them.
 */
export function ingestBatch(run: string, sequence: number, size = 500): string {
  const timestamp = new Date().toISOString();
  const events: string[] = [];
  for (let i = 0; i < size; i++)
    events.push(
      `{"id":"evt_${run}_${sequence}_${i}","event":"page_view","timestamp":"${timestamp}","properties":{"path":"/p/${i % 50}","ref":"bench"}}`,
    );
  return `{"events":[${events.join(',')}],"session_info":{"session_id":"sess_${run}${String(sequence % 100).padStart(8, '0')}","installation_id":"inst_bench${String(sequence % 1000).padStart(8, '0')}"}}`;
}
