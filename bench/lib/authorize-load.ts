import type { Options } from 'autocannon';
import { api, PASSWORD, type Fixture } from './fixture.js';

/**
 * Issue #33: the check API as a partner's server calls it — an end user of the project against 50
 * policies (skills, attributes, address ranges), with the application's read token.
 */
export async function authorizeLoad(base: string, f: Fixture): Promise<Options> {
  const auth = { authorization: `Bearer ${f.accessToken}` };
  for (let i = 0; i < 50; i++)
    await api(base, `/api/v1/projects/${f.projectId}/policies`, {
      headers: auth,
      body: {
        name: `Bench ${i}`,
        effect: i % 10 === 0 ? 'deny' : 'allow',
        actions: [`invoice:action${i % 5}`, 'invoice:approve'],
        conditions:
          i % 2 === 0
            ? { subject: { skills: [{ name: 'Accounting', min_level: 1 + (i % 5) }] } }
            : {
                resource: { attributes: { status: { in: ['draft', 'review'] } } },
                context: { source_ip: ['10.0.0.0/8'] },
              },
      },
    });
  const endUser = await api(base, '/api/auth/register', {
    headers: { 'x-application-id': f.applicationId },
    body: { email: `end.${f.email}`, password: PASSWORD },
  });
  return {
    url: `${base}/api/v1/authorize`,
    method: 'POST',
    headers: { authorization: `Bearer ${f.apiToken}`, 'content-type': 'application/json' },
    body: JSON.stringify({
      subject: { user_id: (endUser.body.user as { id: string }).id },
      action: 'invoice:approve',
      resource: { type: 'invoice', id: 'inv-1', attributes: { status: 'draft' } },
    }),
  };
}
