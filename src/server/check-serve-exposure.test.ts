import { describe, expect, it } from 'vitest';
import { checkServeExposure, isLoopbackHost } from './check-serve-exposure.js';

describe('checkServeExposure', () => {
  it('allows the default loopback bind with auth silently', () => {
    expect(checkServeExposure({ host: '127.0.0.1', auth: true, allowRemote: false })).toEqual([]);
  });

  it('warns explicitly when auth is off on loopback', () => {
    expect(checkServeExposure({ host: '127.0.0.1', auth: false, allowRemote: false }).join('\n')).toMatch(/--no-auth/);
  });

  it('refuses --no-auth on a non-loopback host without --allow-remote', () => {
    let error: unknown;
    try {
      checkServeExposure({ host: '0.0.0.0', auth: false, allowRemote: false });
    } catch (e) {
      error = e;
    }
    expect(error).toMatchObject({ code: 'usage', field: 'host', hint: expect.stringContaining('--allow-remote') });
  });

  it('allows it with --allow-remote, with both warnings', () => {
    expect(checkServeExposure({ host: '0.0.0.0', auth: false, allowRemote: true })).toHaveLength(2);
  });

  it('says a wildcard bind without --allow-remote answers only loopback names, instead of "reachable"', () => {
    const said = checkServeExposure({ host: '0.0.0.0', auth: true, allowRemote: false }).join('\n');
    expect(said).toContain('refused (421)');
    expect(said).toContain('--allow-remote');
    expect(said).not.toMatch(/reachable from other machines/);
    expect(checkServeExposure({ host: '0.0.0.0', auth: true, allowRemote: true }).join('\n')).toMatch(/other machines/);
  });

  it('warns when a tokened server is reachable from other machines', () => {
    expect(checkServeExposure({ host: '192.168.1.5', auth: true, allowRemote: false }).join('\n')).toMatch(
      /other machines/,
    );
  });
});

describe('isLoopbackHost', () => {
  it.each([
    ['127.0.0.1', true],
    ['127.1.2.3', true],
    ['localhost', true],
    ['::1', true],
    ['[::1]', true],
    ['0.0.0.0', false],
    ['::', false],
    ['10.0.0.1', false],
    ['127.example.com', false],
  ])('%s → %s', (host, expected) => {
    expect(isLoopbackHost(host)).toBe(expected);
  });
});
