import { describe, expect, it } from 'vitest';
import { redactUrl, redactUrlsIn, urlSecrets } from './redact-url.js';

describe('redactUrl', () => {
  it('masks the password and secret-looking query values, keeping the rest of the URL readable', () => {
    expect(redactUrl('postgres://app:s3cret@db:5432/evals?schema=taskeval&password=p2&sslmode=require')).toBe(
      'postgres://app:***@db:5432/evals?schema=taskeval&password=***&sslmode=require',
    );
    expect(redactUrl('https://llm.example/v1?api-key=abc&api-version=2024-06-01&access_token=t&sig=x')).toBe(
      'https://llm.example/v1?api-key=***&api-version=2024-06-01&access_token=***&sig=***',
    );
  });

  it('leaves a URL without secrets byte for byte as given', () => {
    expect(redactUrl('http://127.0.0.1:11434/v1')).toBe('http://127.0.0.1:11434/v1');
    expect(redactUrl('postgres://app@db/evals?schema=a')).toBe('postgres://app@db/evals?schema=a');
  });

  it('masks an unparseable URL by pattern', () => {
    expect(redactUrl('postgres://app:pw@[bad/x?token=t')).toBe('postgres://app:***@[bad/x?token=***');
  });

  it('masks every URL inside a message and lists the secrets a URL carries', () => {
    expect(redactUrlsIn('connect to http://u:pw@h:1/x failed; retry https://h/y?key=k')).toBe(
      'connect to http://u:***@h:1/x failed; retry https://h/y?key=***',
    );
    expect(urlSecrets('http://u:p%40ss@h/v1?api-key=k1&model=m')).toEqual(['p%40ss', 'p@ss', 'k1']);
  });
});
