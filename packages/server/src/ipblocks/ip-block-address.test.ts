import { describe, expect, it } from 'vitest';
import { AppError } from '../lib/errors.js';
import { IpBlockList } from './ip-block-list.js';
import { clientAddress, maskedBits, parseBlockAddress, rangeText } from './ip-block-address.js';

function stored(address: string) {
  const range = parseBlockAddress(address);
  return { ip: rangeText(range), maskedBits: maskedBits(range) };
}

function refusal(address: string) {
  try {
    parseBlockAddress(address);
  } catch (error) {
    if (error instanceof AppError) return { status: error.status, code: error.code, message: error.message };
    throw error;
  }
  return null;
}

describe('IP block addresses (DOMAIN §7.9)', () => {
  it('stores single hosts with maskedBits 0, and networks by their first address', () => {
    expect(stored('203.0.113.7')).toEqual({ ip: '203.0.113.7', maskedBits: 0 });
    expect(stored(' 203.0.113.7/32 ')).toEqual({ ip: '203.0.113.7', maskedBits: 0 });
    expect(stored('10.1.2.3/16')).toEqual({ ip: '10.1.0.0', maskedBits: 16 });
    expect(stored('10.0.*.*')).toEqual({ ip: '10.0.0.0', maskedBits: 16 });
    expect(stored('10.20.30.*')).toEqual({ ip: '10.20.30.0', maskedBits: 24 });
    expect(stored('2001:db8::1')).toEqual({ ip: '2001:db8:0:0:0:0:0:1', maskedBits: 0 });
    expect(stored('2001:db8::1/128').maskedBits).toBe(0);
    expect(stored('2001:db8:abcd::/48')).toEqual({ ip: '2001:db8:abcd:0:0:0:0:0', maskedBits: 48 });
    // Each * masks 8 bits, for IPv6 too.
    expect(stored('2001:db8:1:2:3:4:5:*')).toEqual({ ip: '2001:db8:1:2:3:4:5:0', maskedBits: 120 });
    expect(stored('2001:db8:1:2:3:4:*:*').maskedBits).toBe(112);
    // IPv4-mapped IPv6 is the IPv4 block it names: clients are matched as IPv4.
    expect(stored('::ffff:10.10.10.10')).toEqual({ ip: '10.10.10.10', maskedBits: 0 });
    expect(stored('::ffff:a0a:a00/120')).toEqual({ ip: '10.10.10.0', maskedBits: 24 });
    const mapped = stored('::ffff:10.10.10.10');
    const list = new IpBlockList();
    list.replace([{ ip: mapped.ip, masked_bits: mapped.maskedBits, expires_at: null }]);
    expect(list.blocks('10.10.10.10', Date.now())).toBe(true);
    expect(list.blocks('::ffff:10.10.10.10', Date.now())).toBe(true);
  });

  it('refuses wildcards before a fixed part, networks wider than /8 and anything else unparsable', () => {
    const invalidWildcard = { status: 400, code: 'bad-ip', message: 'Invalid wildcard' };
    expect(refusal('10.*.0.1')).toEqual(invalidWildcard);
    expect(refusal('*.0.0.*')).toEqual(invalidWildcard);
    expect(refusal('2001:*:1:2:3:4:5:6')).toEqual(invalidWildcard);
    const tooLarge = { status: 400, code: 'bad-ip', message: 'IP subnet too large.' };
    expect(refusal('10.0.0.0/7')).toEqual(tooLarge);
    expect(refusal('*.*.*.*')).toEqual(tooLarge);
    expect(refusal('::/0')).toEqual(tooLarge);
    expect(stored('10.0.0.0/8').maskedBits).toBe(8);
    expect(stored('10.*.*.*').maskedBits).toBe(8);
    for (const bad of [
      '',
      'hello',
      '10.0.0',
      '10.0.0.256',
      '10.0.0.1/33',
      '10.0.0.1/-1',
      '10.0.0.1/a',
      '10.0.0.1/8/8',
      '10.0.1*.*',
      '::1%eth0',
      '2001:db8::/129',
      '10.0.*',
    ]) {
      expect(refusal(bad), bad).toMatchObject({ status: 400, code: 'bad-ip' });
    }
  });

  it('matches client addresses, IPv4-mapped IPv6 as the IPv4 address it carries', () => {
    const list = new IpBlockList();
    list.replace([
      { ip: '10.0.0.0', masked_bits: 16, expires_at: null },
      { ip: '2001:db8::', masked_bits: 32, expires_at: null },
      { ip: '192.0.2.5', masked_bits: 0, expires_at: null },
    ]);
    const blocked = (ip: string) => list.blocks(ip, Date.now());
    expect(blocked('10.0.200.1')).toBe(true);
    expect(blocked('::ffff:10.0.3.4')).toBe(true);
    expect(blocked('10.1.0.1')).toBe(false);
    expect(blocked('::a00:1')).toBe(false);
    expect(blocked('2001:db8:ffff::9')).toBe(true);
    expect(blocked('2001:db9::9')).toBe(false);
    expect(blocked('192.0.2.5')).toBe(true);
    expect(blocked('192.0.2.6')).toBe(false);
    expect(blocked('not an address')).toBe(false);
    expect(clientAddress('::FFFF:10.0.0.1')).toEqual({ version: 4, value: 0x0a000001n });
  });

  it('lets an expired block pass without waiting for the expiry job', () => {
    const list = new IpBlockList();
    list.replace([{ ip: '198.51.100.9', masked_bits: 0, expires_at: new Date(1_000) }]);
    expect(list.blocks('198.51.100.9', 999)).toBe(true);
    expect(list.blocks('198.51.100.9', 1_000)).toBe(false);
    expect(list.blocks('198.51.100.8', 999)).toBe(false);
  });
});
