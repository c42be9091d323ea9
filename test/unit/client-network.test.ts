/**
 * The one client of every per-client limit (issue 26, fault 9; src/server/domain/client-network.ts): an IPv4 address
 * or an IPv6 /64, whatever the notation; and the one notation the audit trail records.
 */
import { describe, expect, it } from 'vitest';
import { clientOf, normaliseAddress } from '../../src/server/domain/client-network.ts';

describe('clientOf', () => {
  it('IPv4 as it is, also IPv4-mapped (dotted or hex) and with a port', () => {
    for (const ip of ['198.51.100.7', '::ffff:198.51.100.7', '::FFFF:c633:6407', '[::ffff:198.51.100.7]:443', '198.51.100.7:51234', ' 198.51.100.7 ']) expect(clientOf(ip), ip).toBe('198.51.100.7');
    expect(clientOf('198.51.100.8')).not.toBe(clientOf('198.51.100.7'));
  });

  it('IPv6 by its /64, however written (compressed, expanded, upper case, bracketed with a port, with a zone)', () => {
    for (const ip of ['2001:db8:a:b:1:2:3:4', '2001:0DB8:000a:000b::1', '[2001:db8:a:b::ffff]:8443', '[2001:db8:a:b::1]', '2001:db8:a:b:ffff:ffff:ffff:ffff', '2001:db8:a:b::1%eth0', '2001:db8:a:b::1.2.3.4'])
      expect(clientOf(ip), ip).toBe('2001:db8:a:b::/64');
    expect(clientOf('2001:db8::1')).toBe('2001:db8::/64');
    expect(clientOf('2001:0db8:0000:0000:0000:0000:0000:0001')).toBe('2001:db8::/64');
    expect(clientOf('::1')).toBe('::/64');
    expect(clientOf('fe80::1%eth0')).toBe('fe80::/64');
    expect(clientOf('2001:db8:a:c::1')).not.toBe(clientOf('2001:db8:a:b::1'));
  });

  it('no address is no client; what is not an address counts as its own text', () => {
    expect(clientOf(null)).toBeNull();
    expect(clientOf(undefined)).toBeNull();
    expect(clientOf('')).toBeNull();
    expect(clientOf('Unknown')).toBe('unknown');
    expect(clientOf('2001:db8::1::2')).toBe('2001:db8::1::2');
    expect(clientOf('1.2.3.4.5')).toBe('1.2.3.4.5');
  });
});

describe('normaliseAddress', () => {
  it('one notation per address: RFC 5952 for IPv6, dotted for IPv4 and IPv4-mapped, no brackets, port or zone', () => {
    expect(normaliseAddress('2001:0DB8:0:0:0:0:0:1')).toBe('2001:db8::1');
    expect(normaliseAddress('[2001:db8::1]:443')).toBe('2001:db8::1');
    expect(normaliseAddress('2001:db8:0:0:1:0:0:1')).toBe('2001:db8::1:0:0:1');
    expect(normaliseAddress('2001:db8:0:1:1:1:1:1')).toBe('2001:db8:0:1:1:1:1:1');
    expect(normaliseAddress('fe80::1%eth0')).toBe('fe80::1');
    expect(normaliseAddress('::ffff:198.51.100.7')).toBe('198.51.100.7');
    expect(normaliseAddress('198.51.100.7:80')).toBe('198.51.100.7');
    expect(normaliseAddress('::')).toBe('::');
    expect(normaliseAddress(' Unknown ')).toBe('unknown');
  });
});
