// Per-client limits count an IPv6 client by its /64 (it may use any address
// in it), an IPv4 client by its address.
import type { FastifyReply, FastifyRequest } from 'fastify';
import { describe, expect, it } from 'vitest';
import { admitUpgrade, ConnectionLimits } from '../live/admission';
import { ThrottledWarnings } from '../live/client-log';
import { clientKey } from './client-address';
import { LoginThrottle } from './auth/login-throttle';

describe('clientKey', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::'],
    ['2001:db8:1:2::1', '2001:db8:1:2::'],
    ['2001:0db8:0001:0002:0000:0000:0000:0009', '2001:db8:1:2::'],
    ['2001:db8::', '2001:db8::'],
    ['::1', '::'],
    ['fe80::1%eth0', 'fe80::'],
    ['::ffff:198.51.100.4', '198.51.100.4'],
    ['::ffff:c633:6404', '198.51.100.4'],
    ['64:ff9b::198.51.100.4', '64:ff9b::'],
  ])('%s counts as %s', (ip, key) => {
    expect(clientKey(ip)).toBe(key);
  });

  it('one IPv6 client cannot escape the live caps or login throttling by changing address', async () => {
    const limits = new ConnectionLimits({ maxPerAddress: 2, maxTotal: 100 });
    const admit = admitUpgrade(limits, undefined, new ThrottledWarnings({ warn: () => {} }));
    const upgrade = async (ip: string) => {
      let status = 101;
      const reply = {
        code(n: number) {
          status = n;
          return reply;
        },
        header: () => reply,
        send: () => reply,
      };
      const request = { ws: true, ip, host: 'gas.example.it', headers: {}, url: '/ws/', raw: {} };
      await admit(request as unknown as FastifyRequest, reply as unknown as FastifyReply);
      return status;
    };
    expect(await upgrade('2001:db8:1:2::1')).toBe(101);
    expect(await upgrade('2001:db8:1:2::2')).toBe(101);
    expect(await upgrade('2001:db8:1:2::3')).toBe(429);
    expect(await upgrade('2001:db8:1:3::1')).toBe(101);

    const throttle = new LoginThrottle();
    for (let i = 1; i <= 5; i++) throttle.recordFailure(`2001:db8:1:2::${i}`, 'admin');
    expect(throttle.isBlocked('2001:db8:1:2::99', 'admin')).toBe(true);
    expect(throttle.isBlocked('2001:db8:1:3::1', 'admin')).toBe(false);
  });
});
