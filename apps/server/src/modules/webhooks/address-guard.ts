import { lookup as dnsLookup } from 'node:dns/promises';
import { BlockList, isIP } from 'node:net';

/** Answers every address a host name resolves to (dns.lookup with `all`; tests hand in their own). */
export type Resolve = (hostname: string) => Promise<{ address: string; family: number }[]>;

export const systemResolve: Resolve = (hostname) => dnsLookup(hostname, { all: true, verbatim: true });

/**
 * Addresses a webhook may not reach (SSRF, decision 0078): this machine, private and shared networks, link-local
 * (cloud metadata at 169.254.169.254), documentation, benchmarking, multicast and reserved ranges.
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

/** The eight 16-bit groups of an IPv6 address (a dotted IPv4 tail included). */
function ipv6Groups(address: string): number[] {
  let text = address.toLowerCase();
  const dotted = text.match(/(\d+\.\d+\.\d+\.\d+)$/);
  if (dotted?.[1]) {
    const [a, b, c, d] = dotted[1].split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, -dotted[1].length)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const middle = tail === undefined ? [] : Array(8 - left.length - right.length).fill('0');
  return [...left, ...middle, ...right].map((group) => Number.parseInt(group, 16));
}

/** Whether an IP address is on the public internet (an IPv4 address inside IPv6, mapped or NAT64, as itself). */
export function isPublicAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return !nonPublic.check(address, 'ipv4');
  if (family !== 6) return false;
  const groups = ipv6Groups(address.split('%')[0] as string);
  const embedsV4 =
    (groups.slice(0, 5).every((g) => g === 0) && groups[5] === 0xffff) ||
    (groups[0] === 0x64 && groups[1] === 0xff9b && groups.slice(2, 6).every((g) => g === 0));
  if (embedsV4) {
    const [hi = 0, lo = 0] = groups.slice(6);
    return isPublicAddress(`${hi >> 8}.${hi & 0xff}.${lo >> 8}.${lo & 0xff}`);
  }
  return !nonPublic.check(address, 'ipv6');
}

/** A refused target: the route answers it as 400, a delivery records it as its error. */
export class TargetRefused extends Error {
  override name = 'TargetRefused';
}

/** The URL's host without IPv6 brackets. */
export const hostOf = (url: URL) => url.hostname.replace(/^\[(.*)\]$/, '$1');

/**
 * The addresses a delivery to `url` may connect to: an IP literal as it is, a name resolved now; refused when any
 * of them is not public (unless `allowPrivate`). The caller connects to the answer, never resolves again, so a name
 * that changes its address between the check and the connection (DNS rebinding) cannot slip through.
 */
export async function resolveTarget(
  url: URL,
  { allowPrivate, resolve }: { allowPrivate: boolean; resolve: Resolve },
): Promise<{ address: string; family: number }[]> {
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new TargetRefused('Only http and https addresses.');
  if (url.username || url.password) throw new TargetRefused('Put no user name or password in the address.');
  const host = hostOf(url);
  const literal = isIP(host);
  let addresses: { address: string; family: number }[];
  if (literal) addresses = [{ address: host, family: literal }];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw new TargetRefused(`The host name ${host} does not resolve.`);
    }
    if (addresses.length === 0) throw new TargetRefused(`The host name ${host} does not resolve.`);
  }
  if (!allowPrivate) {
    const refused = addresses.find((entry) => !isPublicAddress(entry.address));
    if (refused) {
      throw new TargetRefused(
        `${host} is ${literal ? 'a' : `at ${refused.address}, a`} loopback, private or otherwise non-public address: webhooks go to the public internet only.`,
      );
    }
  }
  return addresses;
}
