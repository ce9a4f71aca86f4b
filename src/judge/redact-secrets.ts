import { redactUrlsIn } from '../core/index.js';

/** The forms a server or a command may echo a secret back in: as given, URL-encoded, base64 (padded or not) and base64url. */
export function secretForms(secret: string): string[] {
  const bytes = Buffer.from(secret, 'utf8');
  const base64 = bytes.toString('base64');
  return [
    ...new Set([secret, encodeURIComponent(secret), base64, base64.replace(/=+$/, ''), bytes.toString('base64url')]),
  ];
}

/**
 * Replaces every secret value in a text, in each form it may be echoed in, and the passwords and secret
 * query values of every URL in it; secrets shorter than 6 characters are too ambiguous to search for and are skipped.
 */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  // Credentials in an echoed header are secret whatever they encode.
  let out = redactUrlsIn(text).replace(/\b(Basic|Bearer)\s+[A-Za-z0-9+/=._~-]{8,}/g, '$1 [redacted]');
  const all = secrets.filter((s): s is string => Boolean(s) && s!.length >= 6).flatMap(secretForms);
  // Longest first, so a secret inside another's encoded form is not half-replaced.
  for (const form of all.sort((a, b) => b.length - a.length)) out = out.split(form).join('[redacted]');
  return out;
}
