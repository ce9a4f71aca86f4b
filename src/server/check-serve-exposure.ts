import { ConfigError } from '../core/index.js';

export interface ServeExposure {
  host: string;
  auth: boolean;
  allowRemote: boolean;
}

/** Whether a host name or address only reaches this machine. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h) || h === '::ffff:127.0.0.1';
}

/** Refuses an unauthenticated server reachable from other machines; returns the warnings to print. */
export function checkServeExposure({ host, auth, allowRemote }: ServeExposure): string[] {
  const loopback = isLoopbackHost(host);
  if (!auth && !loopback && !allowRemote) {
    throw new ConfigError(
      'usage',
      `--no-auth with --host ${host} would let anyone on the network read and start runs`,
      {
        field: 'host',
        hint: 'Keep the token (drop --no-auth), bind to 127.0.0.1, or add --allow-remote if you really mean it.',
      },
    );
  }
  const warnings: string[] = [];
  if (!auth) warnings.push('WARNING: --no-auth: the dashboard and API accept every request without a token.');
  const wildcard = ['0.0.0.0', '::', '[::]'].includes(host.trim());
  if (wildcard && !allowRemote)
    warnings.push(
      `note: listening on ${host}, but only requests addressed to this machine's loopback names are answered; ` +
        'others are refused (421). Add --allow-remote to serve other machines (plain HTTP: the token travels unencrypted).',
    );
  else if (!loopback)
    warnings.push(
      `WARNING: listening on ${host}, reachable from other machines; traffic is plain HTTP, so the token travels unencrypted.`,
    );
  return warnings;
}
