/** A URL with its password replaced, for messages and logs. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return url.replace(/\/\/([^:/@]+):[^@/]*@/, '//$1:***@');
  }
}
