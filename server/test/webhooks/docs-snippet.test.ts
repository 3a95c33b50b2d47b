import { execFileSync } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { bearer } from '../auth/helpers.js';
import type { TestContext } from '../helpers/context.js';
import { createTenant, type Tenant } from '../tokens/helpers.js';
import { createWebhook, createWebhookContext, startReceiver, type Receiver } from './helpers.js';

const guide = readFileSync(
  path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../docs/webhooks.md'),
  'utf8',
);

/** The code of the guide's first fenced block in `language`. */
function codeBlock(language: string): string {
  const match = new RegExp('```' + language + '\\n([\\s\\S]*?)```').exec(guide);
  expect(match, `a ${language} block in docs/webhooks.md`).to.exist;
  return match![1]!;
}

describe('docs/webhooks.md: the verification snippets accept real deliveries and nothing else', () => {
  let ctx: TestContext;
  let receiver: Receiver;
  let tenant: Tenant;
  let secret: string;

  before(async () => {
    ctx = await createWebhookContext();
    receiver = await startReceiver();
    tenant = await createTenant(ctx, 'docs');
    secret = (
      await createWebhook(ctx, tenant.user.access_token, tenant.organizationId, {
        url: receiver.url,
        events: ['organization.updated'],
      })
    ).secret;
    await ctx.request
      .patch(`/api/v1/organizations/${tenant.organizationId}`)
      .set(bearer(tenant.user.access_token))
      .send({ name: 'Documented' })
      .expect(200);
    await receiver.waitFor((requests) => requests.length === 1);
  });
  after(async () => {
    await receiver.close();
    await ctx.close();
  });

  it('the Node.js verify() from the guide', () => {
    const source = codeBlock('js');
    const verifySource = source.slice(source.indexOf('function verify'), source.indexOf('const app'));
    const verify = new Function('createHmac', 'timingSafeEqual', 'secret', `${verifySource}; return verify;`)(
      createHmac,
      timingSafeEqual,
      secret,
    ) as (body: string, header: string) => boolean;
    const [delivery] = receiver.requests;
    const header = delivery!.headers['x-iam-signature'] as string;
    expect(verify(delivery!.body, header)).to.equal(true);
    expect(verify(delivery!.body.replace('Documented', 'Forged'), header)).to.equal(false);
    const old = `t=${Math.floor(Date.now() / 1000) - 3600},${header.split(',')[1]}`;
    expect(verify(delivery!.body, old)).to.equal(false);
  });

  it('the Python verify() from the guide', () => {
    const [delivery] = receiver.requests;
    const program = `${codeBlock('python')}
import sys
secret, header, body = sys.argv[1], sys.argv[2], sys.argv[3].encode()
print(verify(secret, body, header), verify(secret, body.replace(b"Documented", b"Forged"), header))
`;
    const output = execFileSync(
      'python3',
      ['-c', program, secret, delivery!.headers['x-iam-signature'] as string, delivery!.body],
      { encoding: 'utf8' },
    );
    expect(output.trim()).to.equal('True False');
  });
});
