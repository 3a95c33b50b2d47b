import { gzipSync } from 'node:zlib';
import { expect } from 'chai';
import { oidcBundle, scriptTagBundle, trackingCoreBundle } from './build';

/** DESIGN.md: watch the bundle size on every change. The budget is the tracking core. */
const TRACKING_CORE_BUDGET = 5 * 1024;
/** The whole script-tag build (core, auth client, health client, script-tag start-up). */
const SCRIPT_TAG_BUDGET = 8 * 1024;
/** The OpenID Connect client on its own (`@iam-platform/sdk/oidc`, or tree-shaken from the main entry). */
const OIDC_BUDGET = 5 * 1024;

const gzipped = (code: string) => gzipSync(code, { level: 9 }).length;

describe('sdk bundle size', function () {
  this.timeout(60_000);

  it(`keeps the tracking core of the script-tag build within ${TRACKING_CORE_BUDGET / 1024} KB gzip`, async () => {
    const core = await trackingCoreBundle();
    expect(core).to.include('/api/v1/');
    expect(gzipped(core)).to.be.at.most(TRACKING_CORE_BUDGET);
  });

  it(`keeps the whole script-tag build within ${SCRIPT_TAG_BUDGET / 1024} KB gzip, free of Node-only code`, async () => {
    const scriptTag = await scriptTagBundle();
    expect(gzipped(scriptTag)).to.be.at.most(SCRIPT_TAG_BUDGET);
    for (const nodeOnly of ['node:', 'cpuUsage', 'statfs', '/proc/net/dev', 'beforeExit'])
      expect(scriptTag).to.not.include(nodeOnly);
  });

  it(`keeps the OpenID Connect client out of the script-tag build, and within ${OIDC_BUDGET / 1024} KB gzip on its own`, async () => {
    const [oidc, scriptTag] = await Promise.all([oidcBundle(), scriptTagBundle()]);
    expect(oidc).to.include('openid-configuration');
    expect(scriptTag).to.not.include('openid-configuration');
    expect(gzipped(oidc)).to.be.at.most(OIDC_BUDGET);
  });
});
