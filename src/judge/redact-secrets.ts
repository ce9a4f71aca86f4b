/** Replaces every secret value in a text; secrets shorter than 6 characters are too ambiguous to search for and are skipped. */
export function redactSecrets(text: string, secrets: readonly (string | undefined)[]): string {
  let out = text;
  for (const secret of secrets) {
    if (!secret || secret.length < 6) continue;
    out = out.split(secret).join('[redacted]');
  }
  return out;
}
