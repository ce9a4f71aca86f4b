/** A suite title that says why it was skipped, so a skip in the test output is never silent. */
export function needs(title: string, missing: readonly (string | false | null | undefined)[]): string {
  const absent = missing.filter((m): m is string => typeof m === 'string');
  return absent.length ? `${title} [skipped: set ${absent.join(' and ')}; .ci/run does]` : title;
}
