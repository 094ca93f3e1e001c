import net from 'node:net';

/**
 * The address rules of outbound fetches (DOMAIN §11.4): which IPv4 and IPv6 addresses a user-supplied
 * URL may never reach. Addresses are compared as numbers against CIDR ranges, so every spelling of an
 * address (short IPv6 forms, dotted tails, zone ids) is judged the same way. A few host names are
 * refused by name as well (`refusedHostName`).
 */

export interface AddressRange {
  /** The range in CIDR notation, for messages and tests. */
  cidr: string;
  why: string;
}

interface Ipv4Range extends AddressRange {
  base: number;
  prefix: number;
}

interface Ipv6Range extends AddressRange {
  base: bigint;
  prefix: number;
}

function ipv4Range(cidr: string, why: string): Ipv4Range {
  const [address = '', prefix = '32'] = cidr.split('/');
  const base = parseIpv4(address);
  if (base === null) throw new Error(`bad IPv4 range ${cidr}`);
  return { cidr, why, base, prefix: Number(prefix) };
}

function ipv6Range(cidr: string, why: string): Ipv6Range {
  const [address = '', prefix = '128'] = cidr.split('/');
  const base = parseIpv6(address);
  if (base === null) throw new Error(`bad IPv6 range ${cidr}`);
  return { cidr, why, base, prefix: Number(prefix) };
}

/** IPv4 ranges refused by DOMAIN §11.4. */
export const REFUSED_IPV4: readonly Ipv4Range[] = [
  ipv4Range('0.0.0.0/8', 'unspecified ("this network")'),
  ipv4Range('10.0.0.0/8', 'private'),
  ipv4Range('100.64.0.0/10', 'shared address space (carrier-grade NAT)'),
  ipv4Range('127.0.0.0/8', 'loopback'),
  ipv4Range('169.254.0.0/16', 'link-local (cloud metadata services live here)'),
  ipv4Range('172.16.0.0/12', 'private'),
  ipv4Range('192.0.0.0/24', 'IETF protocol assignments'),
  ipv4Range('192.0.2.0/24', 'documentation (TEST-NET-1)'),
  ipv4Range('192.168.0.0/16', 'private'),
  ipv4Range('198.18.0.0/15', 'benchmarking'),
  ipv4Range('198.51.100.0/24', 'documentation (TEST-NET-2)'),
  ipv4Range('203.0.113.0/24', 'documentation (TEST-NET-3)'),
  ipv4Range('224.0.0.0/4', 'multicast'),
  // Before 240.0.0.0/4, which holds it, so that it is named for what it is.
  ipv4Range('255.255.255.255/32', 'limited broadcast'),
  ipv4Range('240.0.0.0/4', 'reserved'),
];

/** IPv6 forms that carry an IPv4 address in their last 32 bits: judged by that address. */
export const EMBEDDED_IPV4_PREFIXES: readonly Ipv6Range[] = [
  ipv6Range('::ffff:0:0/96', 'IPv4-mapped'),
  ipv6Range('64:ff9b::/96', 'NAT64 (well-known prefix)'),
];

/**
 * IPv6 ranges refused by DOMAIN §11.4, and a few more "otherwise reserved" ones: deprecated
 * IPv4-compatible addresses and site-local addresses, and local-use NAT64, whose translators sit
 * inside the network.
 */
export const REFUSED_IPV6: readonly Ipv6Range[] = [
  ipv6Range('::/128', 'unspecified'),
  ipv6Range('::1/128', 'loopback'),
  ipv6Range('::/96', 'IPv4-compatible (deprecated)'),
  ipv6Range('64:ff9b:1::/48', 'local-use NAT64'),
  ipv6Range('100::/64', 'discard-only'),
  ipv6Range('2001:db8::/32', 'documentation'),
  ipv6Range('fc00::/7', 'unique local (private)'),
  ipv6Range('fe80::/10', 'link-local'),
  ipv6Range('fec0::/10', 'site-local (deprecated)'),
  ipv6Range('ff00::/8', 'multicast'),
];

/** Only global unicast space is ever routable on the internet; anything outside it is refused. */
const GLOBAL_UNICAST = ipv6Range('2000::/3', 'global unicast');

/** The 32-bit value of a dotted-quad IPv4 address, or null when it is not one. */
export function parseIpv4(address: string): number | null {
  if (!net.isIPv4(address)) return null;
  return address.split('.').reduce((n, part) => n * 256 + Number(part), 0);
}

/** The 128-bit value of an IPv6 address (a zone id is ignored), or null when it is not one. */
export function parseIpv6(address: string): bigint | null {
  const plain = address.replace(/%.*$/, '');
  if (!net.isIPv6(plain)) return null;
  let text = plain;
  const groups: number[] = [];
  // A dotted IPv4 tail stands for the last two 16-bit groups.
  const tail = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  const tailGroups: number[] = [];
  if (tail) {
    const v4 = parseIpv4(tail[1]!);
    if (v4 === null) return null;
    tailGroups.push(Math.floor(v4 / 65536), v4 % 65536);
    text = text.slice(0, -tail[1]!.length);
    if (text.endsWith(':') && !text.endsWith('::')) text = text.slice(0, -1);
  }
  const [head = '', rest] = text.split('::');
  const headGroups = head === '' ? [] : head.split(':').map((g) => parseInt(g, 16));
  const restGroups = rest === undefined || rest === '' ? [] : rest.split(':').map((g) => parseInt(g, 16));
  const missing = 8 - headGroups.length - restGroups.length - tailGroups.length;
  if (rest === undefined && missing !== 0) return null;
  groups.push(
    ...headGroups,
    ...new Array<number>(Math.max(0, missing)).fill(0),
    ...restGroups,
    ...tailGroups,
  );
  if (groups.length !== 8 || groups.some((g) => !Number.isInteger(g) || g < 0 || g > 0xffff)) return null;
  return groups.reduce((n, g) => (n << 16n) | BigInt(g), 0n);
}

function inIpv4Range(value: number, range: Ipv4Range): boolean {
  if (range.prefix === 0) return true;
  const size = 2 ** (32 - range.prefix);
  return Math.floor(value / size) === Math.floor(range.base / size);
}

function inIpv6Range(value: bigint, range: Ipv6Range): boolean {
  const shift = BigInt(128 - range.prefix);
  return value >> shift === range.base >> shift;
}

/**
 * The range that makes an address refused, or null when the address may be reached. Anything that is
 * not an IP address at all is refused too: the caller asked about something it could connect to.
 */
export function refusedRange(address: string): AddressRange | null {
  const v4 = parseIpv4(address);
  if (v4 !== null) return REFUSED_IPV4.find((range) => inIpv4Range(v4, range)) ?? null;
  const v6 = parseIpv6(address);
  if (v6 === null) return { cidr: address, why: 'not an IP address' };
  for (const prefix of EMBEDDED_IPV4_PREFIXES) {
    if (inIpv6Range(v6, prefix)) {
      const embedded = Number(v6 & 0xffffffffn);
      return REFUSED_IPV4.find((range) => inIpv4Range(embedded, range)) ?? null;
    }
  }
  const listed = REFUSED_IPV6.find((range) => inIpv6Range(v6, range));
  if (listed) return listed;
  return inIpv6Range(v6, GLOBAL_UNICAST) ? null : { cidr: address, why: 'outside global unicast space' };
}

/**
 * Names that stand for this machine or its own network by standard or by convention. They are refused
 * before any lookup: whether a resolver answers them (`localhost.` with its trailing dot, `*.localhost`,
 * `.local` over multicast DNS) depends on the machine, and what it answers is never the internet.
 */
const LOCAL_NAME_SUFFIXES: ReadonlyArray<[suffix: string, why: string]> = [
  ['localhost', 'loopback (RFC 6761)'],
  ['localdomain', 'a local host alias'],
  ['local', 'on the local link (multicast DNS, RFC 6762)'],
  ['home.arpa', 'on a home network (RFC 8375)'],
  ['internal', 'a private-use name'],
];
/** The loopback aliases of the usual Debian and Ubuntu hosts file. */
const LOCAL_NAMES: ReadonlyArray<[name: string, why: string]> = [
  ['ip6-localhost', 'loopback (hosts file)'],
  ['ip6-loopback', 'loopback (hosts file)'],
];

/**
 * Why a host name may never be fetched, or null when only its addresses decide. The name is compared
 * without its trailing dots and case, so every spelling of it is judged the same way.
 */
export function refusedHostName(host: string): string | null {
  const name = host.toLowerCase().replace(/\.+$/, '');
  for (const [suffix, why] of LOCAL_NAME_SUFFIXES) {
    if (name === suffix || name.endsWith(`.${suffix}`)) return why;
  }
  return LOCAL_NAMES.find(([local]) => local === name)?.[1] ?? null;
}

/** True when an outbound fetch must not connect to `address` (DOMAIN §11.4). */
export function isRefusedAddress(address: string): boolean {
  return refusedRange(address) !== null;
}
