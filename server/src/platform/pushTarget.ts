import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { BlockList, isIP } from 'node:net';

/**
 * Addresses a push endpoint may never reach: this host, private networks, link-local (cloud
 * metadata at 169.254.169.254 included), carrier-grade NAT, multicast, unspecified, reserved and
 * documentation ranges. IPv4-mapped IPv6 addresses (::ffff:a.b.c.d) are checked against the
 * IPv4 rules by BlockList itself.
 */
const nonPublic = new BlockList();
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
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv4');
}
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
] as const) {
  nonPublic.addSubnet(network, prefix, 'ipv6');
}

/** True for an address on the public internet (an IP literal; anything else is false). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 0) return false;
  return !nonPublic.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

/** What push endpoints may reach (config PUSH_ALLOWED_HOSTS, PUSH_ALLOW_PRIVATE_NETWORKS). */
export interface PushTargetPolicy {
  /** When non-empty, only these host names (or their subdomains, written `.example.com`). */
  allowedHosts: string[];
  /** Tests and local development only: skip the address check (a loopback push service). */
  allowPrivateNetworks: boolean;
}

/** A checked endpoint: the url and the address to connect to (never resolved again). */
export type PushTarget =
  | { ok: true; url: URL; address: string | null; family: 4 | 6 | null }
  | { ok: false; reason: string };

type Resolve = (hostname: string) => Promise<Array<{ address: string; family: number }>>;
const resolveAll: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

function hostAllowed(hostname: string, allowedHosts: string[]): boolean {
  if (allowedHosts.length === 0) return true;
  return allowedHosts.some((entry) =>
    entry.startsWith('.') ? hostname.endsWith(entry) && hostname.length > entry.length : hostname === entry,
  );
}

/**
 * Checks a Web Push endpoint: https, no credentials, an allowed host, and every address its host
 * resolves to public. The answer carries the address to connect to, so the request goes to the
 * address that was checked (no second DNS answer can point it elsewhere).
 */
export async function checkPushTarget(
  endpoint: string,
  policy: PushTargetPolicy,
  resolve: Resolve = resolveAll,
): Promise<PushTarget> {
  if (!URL.canParse(endpoint)) return { ok: false, reason: 'not a url' };
  const url = new URL(endpoint);
  if (url.protocol !== 'https:') return { ok: false, reason: 'not https' };
  if (url.username || url.password) return { ok: false, reason: 'credentials in the url' };
  const hostname = url.hostname.replace(/^\[(.*)\]$/, '$1').toLowerCase();
  if (!hostAllowed(hostname, policy.allowedHosts)) return { ok: false, reason: 'host not allowed' };
  if (policy.allowPrivateNetworks) return { ok: true, url, address: null, family: null };
  const literal = isIP(hostname);
  if (literal !== 0) {
    return isPublicAddress(hostname)
      ? { ok: true, url, address: hostname, family: literal as 4 | 6 }
      : { ok: false, reason: 'address not public' };
  }
  let addresses: Array<{ address: string; family: number }>;
  try {
    addresses = await resolve(hostname);
  } catch {
    return { ok: false, reason: 'host does not resolve' };
  }
  const first = addresses[0];
  if (!first) return { ok: false, reason: 'host does not resolve' };
  if (!addresses.every((entry) => isPublicAddress(entry.address))) {
    return { ok: false, reason: 'address not public' };
  }
  return { ok: true, url, address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A DNS lookup that always answers the checked address (for the push request's agent). */
export function pinnedLookup(address: string, family: 4 | 6): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) {
      (callback as unknown as (error: null, addresses: Array<{ address: string; family: number }>) => void)(
        null,
        [{ address, family }],
      );
      return;
    }
    callback(null, address, family);
  };
}
