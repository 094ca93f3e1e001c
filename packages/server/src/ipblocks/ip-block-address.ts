import { limits } from '@commons/shared';
import { errors } from '../lib/errors.js';
import { parseIpv4, parseIpv6 } from '../lib/ip-ranges.js';

/** One address or network: its family, its first address as a number, and its prefix length. */
export interface AddressRange {
  version: 4 | 6;
  base: bigint;
  prefix: number;
}

const BITS = { 4: 32, 6: 128 } as const;

/** The first address of the network, as text PostgreSQL's `inet` reads. */
export function rangeText(range: AddressRange): string {
  if (range.version === 4) {
    const n = Number(range.base);
    return [24, 16, 8, 0].map((shift) => Math.floor(n / 2 ** shift) % 256).join('.');
  }
  const groups: string[] = [];
  for (let shift = 112n; shift >= 0n; shift -= 16n)
    groups.push(((range.base >> shift) & 0xffffn).toString(16));
  return groups.join(':');
}

/** `maskedBits` of the contract: the prefix, 0 for a single host (API.md §5.14). */
export function maskedBits(range: AddressRange): number {
  return range.prefix === BITS[range.version] ? 0 : range.prefix;
}

function networkOf(version: 4 | 6, value: bigint, prefix: number): AddressRange {
  const hostBits = BigInt(BITS[version] - prefix);
  return { version, base: (value >> hostBits) << hostBits, prefix };
}

function parseAddress(text: string): { version: 4 | 6; value: bigint } | null {
  const v4 = parseIpv4(text);
  if (v4 !== null) return { version: 4, value: BigInt(v4) };
  // Zone ids name an interface of this machine: never part of a block.
  if (text.includes('%')) return null;
  const v6 = parseIpv6(text);
  return v6 === null ? null : { version: 6, value: v6 };
}

/**
 * Trailing `*` parts (DOMAIN §7.9): each masks 8 bits, for IPv4 and IPv6 alike, and counts as 0 in
 * the network address. A `*` before a part that is not one is "Invalid wildcard".
 */
function parseWildcard(text: string): AddressRange {
  const separator = text.includes(':') ? ':' : '.';
  const parts = text.split(separator);
  const first = parts.indexOf('*');
  if (first === -1 || parts.some((part) => part.includes('*') && part !== '*')) throw errors.badIp();
  if (parts.slice(first).some((part) => part !== '*')) throw errors.invalidWildcard();
  const stars = parts.length - first;
  const parsed = parseAddress(parts.map((part) => (part === '*' ? '0' : part)).join(separator));
  if (!parsed) throw errors.badIp();
  return networkOf(parsed.version, parsed.value, BITS[parsed.version] - 8 * stars);
}

/**
 * The block address of `POST /api/ipblocks` (API.md §16.3): a full IPv4 or IPv6 address, a CIDR
 * network, or trailing wildcards. Networks wider than /8 are refused.
 */
export function parseBlockAddress(input: string): AddressRange {
  const text = input.trim();
  let range: AddressRange;
  if (text.includes('*')) {
    range = parseWildcard(text);
  } else {
    const [address = '', prefixText, ...rest] = text.split('/');
    const parsed = parseAddress(address);
    if (!parsed || rest.length > 0) throw errors.badIp();
    let prefix: number = BITS[parsed.version];
    if (prefixText !== undefined) {
      if (!/^\d{1,3}$/.test(prefixText)) throw errors.badIp();
      prefix = Number(prefixText);
      if (prefix > BITS[parsed.version]) throw errors.badIp();
    }
    range = networkOf(parsed.version, parsed.value, prefix);
  }
  range = asIpv4WhenMapped(range);
  if (range.prefix < limits.ipBlockMinPrefix) throw errors.ipSubnetTooLarge();
  return range;
}

/**
 * An IPv4-mapped IPv6 block (`::ffff:10.0.0.1`, `::ffff:10.0.0.0/104`) is the IPv4 block it names:
 * clients are matched as IPv4 (clientAddress), so kept as IPv6 it would block nothing.
 */
function asIpv4WhenMapped(range: AddressRange): AddressRange {
  if (range.version !== 6 || range.prefix < 96 || range.base >> 32n !== 0xffffn) return range;
  return { version: 4, base: range.base & 0xffffffffn, prefix: range.prefix - 96 };
}

/**
 * A client address as a number, IPv4-mapped IPv6 (`::ffff:10.0.0.1`, what a dual-stack socket
 * reports) read as the IPv4 address it carries, so that IPv4 blocks hold on such sockets too.
 */
export function clientAddress(ip: string): { version: 4 | 6; value: bigint } | null {
  // The usual spellings first, without the 128-bit arithmetic.
  const v4 = parseIpv4(ip.startsWith('::ffff:') ? ip.slice(7) : ip);
  if (v4 !== null) return { version: 4, value: BigInt(v4) };
  const parsed = parseAddress(ip);
  if (parsed?.version === 6 && parsed.value >> 32n === 0xffffn) {
    return { version: 4, value: parsed.value & 0xffffffffn };
  }
  return parsed;
}
