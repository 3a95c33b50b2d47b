import { spawnSync } from 'node:child_process';
import { once } from 'node:events';
import { mkdtemp, rm } from 'node:fs/promises';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { createTestContext, type TestContext } from '../helpers/context.js';
import { COPY_SCRIPT } from '../tracking-python/helpers.js';

export interface ListeningServer {
  ctx: TestContext;
  url: string;
  /** A scratch directory, removed by stop(); the served SDK files are in `<scratch>/sdk-dist`. */
  scratch: string;
  stop(): Promise<void>;
}

/**
 * The app on a loopback port with a fresh database, serving the Python client at /cdn/sdk/ from a
 * scratch dist (the sdk build's copy step), for tests that talk to it from outside the process.
 */
export async function listenWithSdk(env: Record<string, string> = {}): Promise<ListeningServer> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'iam-docs-'));
  const sdkDist = path.join(scratch, 'sdk-dist');
  const copy = spawnSync(process.execPath, [COPY_SCRIPT, sdkDist], { encoding: 'utf8' });
  expect(copy.status, copy.stderr).to.equal(0);
  const ctx = await createTestContext({
    env: {
      BCRYPT_COST: '4',
      RATE_LIMIT_PER_IP: '10000',
      RATE_LIMIT_PER_ACCOUNT: '1000',
      INGEST_RATE_LIMIT_PER_IP: '100000',
      ...env,
    },
    config: (config) => ({ ...config, paths: { ...config.paths, sdkDist } }),
  });
  const server: Server = ctx.app.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as AddressInfo;
  return {
    ctx,
    url: `http://127.0.0.1:${port}`,
    scratch,
    async stop() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      await ctx.close();
      await rm(scratch, { recursive: true, force: true });
    },
  };
}

/** The fenced code blocks of a Markdown text in the given language, in order. */
export function codeBlocks(markdown: string, language: string): string[] {
  return [...markdown.matchAll(/^```(\w*)\n([\s\S]*?)^```$/gm)]
    .filter((match) => match[1] === language)
    .map((match) => match[2]!);
}
