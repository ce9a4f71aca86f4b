/** Query parameter names whose values are secrets: `password`, `api-key`, `access_token`, `sig`... */
const SECRET_PARAM = /pass|pwd|secret|token|key|auth|sig|credential|session|cookie/i;
/** URLs inside free text (error messages, logs). */
const URL_IN_TEXT = /\b[a-z][a-z0-9+.-]*:\/\/[^\s'"<>`]+/gi;
const MASK = '***';

/** A URL with its password and every secret-looking query value replaced by `***`, for messages, logs and the store. */
export function redactUrl(url: string): string {
  try {
    const u = new URL(url);
    if (!u.password && ![...u.searchParams.keys()].some((k) => SECRET_PARAM.test(k))) return url;
    if (u.password) u.password = MASK;
    for (const key of [...new Set(u.searchParams.keys())]) if (SECRET_PARAM.test(key)) u.searchParams.set(key, MASK);
    // URLSearchParams encodes `*`; keep the mask readable.
    return u.toString().replaceAll('%2A%2A%2A', MASK);
  } catch {
    return url
      .replace(/\/\/([^:/@]+):[^@/]*@/, `//$1:${MASK}@`)
      .replace(/([?&][^=&#]*(?:pass|pwd|secret|token|key|auth|sig)[^=&#]*=)[^&#\s]*/gi, `$1${MASK}`);
  }
}

/** Every URL in a text redacted as redactUrl does. */
export function redactUrlsIn(text: string): string {
  return text.replace(URL_IN_TEXT, (url) => redactUrl(url));
}

/** The secret values a URL carries (its password, secret-looking query values), raw and decoded, to scrub from anything else. */
export function urlSecrets(url: string | undefined): string[] {
  if (!url) return [];
  try {
    const u = new URL(url);
    const out: string[] = [];
    if (u.password) out.push(u.password, decodeURIComponent(u.password));
    for (const [key, value] of u.searchParams) if (SECRET_PARAM.test(key) && value) out.push(value);
    return [...new Set(out)];
  } catch {
    return [];
  }
}
