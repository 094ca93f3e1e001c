import { describe, expect, it } from 'vitest';
import { isRefusedAddress, parseIpv4, parseIpv6, refusedHostName, refusedRange } from './ip-ranges.js';

/** Every range of DOMAIN §11.4: its first and last address refused, the neighbours outside allowed. */
const IPV4_RANGES: Array<
  [range: string, first: string, last: string, before: string | null, after: string | null]
> = [
  ['0.0.0.0/8', '0.0.0.0', '0.255.255.255', null, '1.0.0.0'],
  ['10.0.0.0/8', '10.0.0.0', '10.255.255.255', '9.255.255.255', '11.0.0.0'],
  ['100.64.0.0/10', '100.64.0.0', '100.127.255.255', '100.63.255.255', '100.128.0.0'],
  ['127.0.0.0/8', '127.0.0.0', '127.255.255.255', '126.255.255.255', '128.0.0.0'],
  ['169.254.0.0/16', '169.254.0.0', '169.254.255.255', '169.253.255.255', '169.255.0.0'],
  ['172.16.0.0/12', '172.16.0.0', '172.31.255.255', '172.15.255.255', '172.32.0.0'],
  ['192.0.0.0/24', '192.0.0.0', '192.0.0.255', '191.255.255.255', '192.0.1.0'],
  ['192.0.2.0/24', '192.0.2.0', '192.0.2.255', '192.0.1.255', '192.0.3.0'],
  ['192.168.0.0/16', '192.168.0.0', '192.168.255.255', '192.167.255.255', '192.169.0.0'],
  ['198.18.0.0/15', '198.18.0.0', '198.19.255.255', '198.17.255.255', '198.20.0.0'],
  ['198.51.100.0/24', '198.51.100.0', '198.51.100.255', '198.51.99.255', '198.51.101.0'],
  ['203.0.113.0/24', '203.0.113.0', '203.0.113.255', '203.0.112.255', '203.0.114.0'],
  ['224.0.0.0/4', '224.0.0.0', '239.255.255.255', '223.255.255.255', null],
  ['240.0.0.0/4', '240.0.0.0', '255.255.255.254', null, null],
  ['255.255.255.255/32', '255.255.255.255', '255.255.255.255', null, null],
];

const IPV6_RANGES: Array<[range: string, first: string, last: string, outside: string[]]> = [
  ['::/128', '::', '::', []],
  ['::1/128', '::1', '::1', []],
  [
    'fc00::/7',
    'fc00::',
    'fdff:ffff:ffff:ffff:ffff:ffff:ffff:ffff',
    ['fbff:ffff:ffff:ffff:ffff:ffff:ffff:ffff'],
  ],
  ['fe80::/10', 'fe80::', 'febf:ffff:ffff:ffff:ffff:ffff:ffff:ffff', []],
  ['ff00::/8', 'ff00::', 'ffff:ffff:ffff:ffff:ffff:ffff:ffff:ffff', []],
  [
    '2001:db8::/32',
    '2001:db8::',
    '2001:db8:ffff:ffff:ffff:ffff:ffff:ffff',
    ['2001:db7:ffff::1', '2001:db9::'],
  ],
  ['100::/64', '100::', '100::ffff:ffff:ffff:ffff', []],
];

describe('outbound address rules (DOMAIN §11.4)', () => {
  it.each(IPV4_RANGES)('refuses all of %s and nothing next to it', (range, first, last, before, after) => {
    expect(refusedRange(first)?.cidr, first).toBe(range);
    expect(refusedRange(last)?.cidr, last).toBe(range);
    if (before) expect(isRefusedAddress(before), before).toBe(false);
    if (after) expect(isRefusedAddress(after), after).toBe(false);
  });

  it.each([
    '1.1.1.1',
    '8.8.8.8',
    '93.184.216.34',
    '100.63.0.1',
    '172.32.0.1',
    '223.255.255.255',
    '2001:db7:ffff::1',
    '2001:db9::',
    '2606:4700:4700::1111',
    '2a00:1450:4001:80b::200e',
    '2001:4860:4860::8888',
  ])('allows the ordinary public address %s', (address) => {
    expect(isRefusedAddress(address)).toBe(false);
  });

  it('knows the cloud metadata address as link-local', () => {
    expect(refusedRange('169.254.169.254')?.cidr).toBe('169.254.0.0/16');
  });

  it.each(IPV6_RANGES)('refuses all of %s', (range, first, last, outside) => {
    expect(isRefusedAddress(first), first).toBe(true);
    expect(isRefusedAddress(last), last).toBe(true);
    expect(refusedRange(first)?.cidr).toBe(range);
    for (const address of outside) expect(refusedRange(address)?.cidr, address).not.toBe(range);
  });

  it('refuses IPv6 space that is not global unicast, and 100::/64 but not the rest of 100::/16', () => {
    expect(isRefusedAddress('4000::1')).toBe(true);
    expect(isRefusedAddress('1fff:ffff:ffff:ffff:ffff:ffff:ffff:ffff')).toBe(true);
    expect(isRefusedAddress('2000::')).toBe(false);
    expect(refusedRange('100::1:0:0:0:1')?.cidr).not.toBe('100::/64');
  });

  it('judges IPv4-mapped and NAT64 addresses by the IPv4 address inside', () => {
    for (const address of [
      '::ffff:127.0.0.1',
      '::ffff:7f00:1',
      '::FFFF:10.1.2.3',
      '::ffff:169.254.169.254',
      '0:0:0:0:0:ffff:c0a8:0101',
      '64:ff9b::127.0.0.1',
      '64:ff9b::a9fe:a9fe',
      '64:ff9b::10.0.0.1',
    ]) {
      expect(isRefusedAddress(address), address).toBe(true);
    }
    for (const address of ['::ffff:8.8.8.8', '::ffff:808:808', '64:ff9b::1.1.1.1', '64:ff9b::5db8:d822']) {
      expect(isRefusedAddress(address), address).toBe(false);
    }
    // Just outside the two prefixes: judged as IPv6.
    expect(refusedRange('::fffe:808:808')?.why).toBe('outside global unicast space');
    expect(refusedRange('64:ff9b:0:0:0:1:808:808')?.why).toBe('outside global unicast space');
  });

  it('refuses deprecated and local-use forms that also carry IPv4 addresses', () => {
    expect(isRefusedAddress('::8.8.8.8')).toBe(true);
    expect(isRefusedAddress('64:ff9b:1::8.8.8.8')).toBe(true);
    expect(isRefusedAddress('fec0::1')).toBe(true);
  });

  it('ignores zone ids and refuses what is not an address at all', () => {
    expect(isRefusedAddress('fe80::1%eth0')).toBe(true);
    expect(isRefusedAddress('example.com')).toBe(true);
    expect(isRefusedAddress('')).toBe(true);
    expect(isRefusedAddress('1.2.3')).toBe(true);
  });

  it('parses every spelling of an address to the same number', () => {
    expect(parseIpv4('1.2.3.4')).toBe(0x01020304);
    expect(parseIpv4('255.255.255.255')).toBe(0xffffffff);
    expect(parseIpv4('1.2.3.256')).toBeNull();
    const expected = 0x20010db8000000000000000000000001n;
    for (const spelling of ['2001:db8::1', '2001:DB8:0:0:0:0:0:1', '2001:db8:0::0:1', '2001:db8::0.0.0.1']) {
      expect(parseIpv6(spelling), spelling).toBe(expected);
    }
    expect(parseIpv6('::')).toBe(0n);
    expect(parseIpv6('::ffff:1.2.3.4')).toBe(0xffff01020304n);
    expect(parseIpv6('1:2:3:4:5:6:7:8')).toBe(0x00010002000300040005000600070008n);
    expect(parseIpv6('1::2::3')).toBeNull();
    expect(parseIpv6('12345::')).toBeNull();
  });
});

describe('outbound host name rules', () => {
  it('refuses local names in every case and with trailing dots', () => {
    for (const name of [
      'localhost',
      'LOCALHOST.',
      'localhost..',
      'a.b.localhost',
      'localhost.localdomain',
      'ip6-localhost',
      'ip6-loopback.',
      'printer.local',
      'nas.home.arpa',
      'metadata.google.internal',
    ]) {
      expect(refusedHostName(name), name).not.toBeNull();
    }
  });

  it('leaves other names, and IP literals, to the address check', () => {
    for (const name of [
      'example.com',
      'localhost.example.com',
      'notlocalhost',
      'mylocal',
      'local.example.org',
      'internal.example.com',
      'arpa',
      '127.0.0.1',
      '::1',
    ]) {
      expect(refusedHostName(name), name).toBeNull();
    }
  });
});
