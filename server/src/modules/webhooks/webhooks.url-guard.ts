import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';
import { promisify } from 'node:util';
import { AppError } from '../../lib/errors.js';
import { WebhookErrors } from './webhooks.errors.js';

/**
 * Addresses a webhook may not reach in production (SSRF): this host, private networks, link-local
 * (cloud metadata at 169.254.169.254), carrier-grade NAT, multicast, documentation and reserved
 * ranges (IANA special-purpose registries).
 */
const internal = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  internal.addSubnet(network, prefix, 'ipv4');
for (const [network, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 23],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  internal.addSubnet(network, prefix, 'ipv6');

/** Whether an IP address (v4, v6 or v4-mapped v6) lies in an internal range. */
export function isInternalAddress(address: string): boolean {
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address);
  if (mapped) return internal.check(mapped[1]!, 'ipv4');
  const family = isIP(address);
  if (family === 0) return true;
  return internal.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** Parses a webhook URL: absolute http(s), no credentials. Throws webhook_url_invalid. */
export function parseWebhookUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError(WebhookErrors.INVALID_URL);
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || url.username || url.password)
    throw new AppError(WebhookErrors.INVALID_URL);
  return url;
}

const lookupAll = promisify(dnsLookup);

/** The host of a URL without IPv6 brackets. */
function hostOf(url: URL): string {
  return url.hostname.replace(/^\[|\]$/g, '');
}

/**
 * When internal addresses are not allowed: refuses a URL whose host is, or resolves to, one
 * (webhook_url_not_allowed), or does not resolve at all (webhook_url_unresolvable).
 */
export async function assertPublicUrl(url: URL): Promise<void> {
  const host = hostOf(url);
  let addresses: string[];
  if (isIP(host)) addresses = [host];
  else {
    try {
      addresses = ((await lookupAll(host, { all: true })) as LookupAddress[]).map((entry) => entry.address);
    } catch {
      throw new AppError(WebhookErrors.URL_UNRESOLVABLE);
    }
  }
  if (addresses.length === 0) throw new AppError(WebhookErrors.URL_UNRESOLVABLE);
  if (addresses.some(isInternalAddress)) throw new AppError(WebhookErrors.URL_NOT_ALLOWED);
}

export class BlockedAddressError extends Error {
  constructor(address: string) {
    super(`refused: the host resolves to the internal address ${address}`);
    this.name = 'BlockedAddressError';
  }
}

/**
 * A DNS lookup for outgoing webhook requests that fails on internal addresses: the check happens
 * on the address actually connected to, so a host that resolved to a public address when the
 * webhook was saved cannot be re-pointed at an internal one later (DNS rebinding).
 */
export const publicOnlyLookup: LookupFunction = (hostname, options, callback) => {
  dnsLookup(hostname, { ...options, all: true }, (error, addresses) => {
    if (error) return callback(error, '', 0);
    const list = addresses as LookupAddress[];
    const blocked = list.find((entry) => isInternalAddress(entry.address));
    if (blocked) return callback(new BlockedAddressError(blocked.address), '', 0);
    if ((options as { all?: boolean }).all)
      return (callback as (e: null, a: LookupAddress[]) => void)(null, list);
    const first = list[0]!;
    callback(null, first.address, first.family);
  });
};
