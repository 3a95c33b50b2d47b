import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import { expect } from 'chai';
import type { Page } from 'playwright-core';

const require = createRequire(import.meta.url);
const AXE_SCRIPT = require.resolve('axe-core/axe.min.js');

interface AxeViolation {
  id: string;
  impact: string | null;
  help: string;
  nodes: { target: unknown[] }[];
}

/** A free loopback port, so that the links in the server's mails can point at this very server. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as { port: number };
      probe.close(() => resolve(port));
    });
  });
}

/**
 * Waits for a mail to `to` in the server's development outbox whose text has a link matching
 * `pattern` and that was sent at or after `notBefore`; returns the link.
 */
export async function linkFromOutbox(
  serverUrl: string,
  to: string,
  pattern: RegExp,
  notBefore: Date,
): Promise<string> {
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    const response = await fetch(`${serverUrl}/api/v1/dev/outbox?to=${encodeURIComponent(to)}`);
    expect(response.status).to.equal(200);
    const { data } = (await response.json()) as { data: { text: string; created_at: string }[] };
    for (const mail of data) {
      const link = mail.text.match(pattern)?.[0];
      if (link && new Date(mail.created_at) >= notBefore) return link;
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`no mail to ${to} with a link matching ${pattern}`);
}

/**
 * axe-core on the page as it is: no serious or critical accessibility violations. The server's
 * CSP rightly refuses inline scripts (which addScriptTag would add), so axe is evaluated through
 * the DevTools protocol instead.
 */
export async function expectAccessible(page: Page, where = page.url()): Promise<void> {
  await page.evaluate(await readFile(AXE_SCRIPT, 'utf8'));
  const violations = await page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(): Promise<{ violations: AxeViolation[] }> } }).axe;
    const result = await axe.run();
    return result.violations.map((violation) => ({
      id: violation.id,
      impact: violation.impact,
      help: violation.help,
      nodes: violation.nodes.slice(0, 3).map((node) => node.target.join(' ')),
    }));
  });
  const serious = violations.filter((violation) => ['serious', 'critical'].includes(violation.impact ?? ''));
  expect(serious, `${where}: ${JSON.stringify(serious, null, 2)}`).to.deep.equal([]);
}

/** The page is no wider than the viewport (nothing to scroll sideways). */
export async function expectNoHorizontalOverflow(page: Page, where = page.url()): Promise<void> {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
  expect(overflow, `${where}: horizontal overflow in px`).to.be.at.most(0);
}
