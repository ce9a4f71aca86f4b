/** Whether a string is valid JavaScript regular expression source (config patterns are checked with it). */
export function compilesAsRegExp(source: string): boolean {
  try {
    new RegExp(source);
    return true;
  } catch {
    return false;
  }
}
