import { secretForms } from '../redact-secrets.js';

/** Variables every command judge gets: enough to find programs, a home, a locale and a temp directory. */
export const COMMAND_JUDGE_BASE_ENV: readonly string[] = [
  'PATH',
  'HOME',
  'USER',
  'LOGNAME',
  'SHELL',
  'LANG',
  'TERM',
  'TMPDIR',
  'TZ',
  'SYSTEMROOT',
  'COMSPEC',
  'PATHEXT',
];
const BASE_PREFIXES = ['LC_', 'XDG_'];

/** Names whose values are secrets: scrubbed from anything the judge prints back. */
const SECRET_NAME = /(?:KEY|TOKEN|SECRET|PASSWORD|PASSWD|CREDENTIAL|AUTH|SESSION)/i;

/**
 * The environment a command judge runs with: the base variables plus the ones named in `judge.commandEnv`
 * (for `claude -p`, say, ANTHROPIC_API_KEY). Nothing else, so a judge command never sees keys it was not
 * given.
 */
export function commandJudgeEnv(env: NodeJS.ProcessEnv, passThrough: readonly string[] = []): NodeJS.ProcessEnv {
  const allowed = new Set([...COMMAND_JUDGE_BASE_ENV, ...passThrough]);
  const out: NodeJS.ProcessEnv = {};
  for (const [name, value] of Object.entries(env)) {
    if (value === undefined) continue;
    if (allowed.has(name) || BASE_PREFIXES.some((p) => name.startsWith(p))) out[name] = value;
  }
  return out;
}

/**
 * Replaces the values of secret-looking variables (in every form secretForms names) in text a command
 * printed, so a key it echoed never reaches a stored reason, an export or the dashboard.
 */
export function scrubSecrets(text: string, env: NodeJS.ProcessEnv): string {
  let out = text;
  for (const [name, value] of Object.entries(env)) {
    if (!value || value.length < 8 || !SECRET_NAME.test(name)) continue;
    for (const form of secretForms(value)) {
      out = out.split(form).join(`[${name} redacted]`);
    }
  }
  return out;
}
