import { ConfigError, compileUserPattern, userPatternProblem, type TextPattern } from '../../core/index.js';

/** Finds task ids in text with one compiled pattern. */
export interface IdMatcher {
  /** Distinct ids in the text, in order of first appearance, word-bounded. */
  findAll(text: string): string[];
  /** True when the whole text is one id. */
  isId(text: string): boolean;
}

/** The default task id pattern: `FN-3391`, `KB-12`. */
export const DEFAULT_ID_PATTERN = '[A-Z][A-Z0-9]*-\\d+';

const WORD = /[A-Za-z0-9_]/;

/**
 * Prefixes the default pattern would read as task ids but that name standards, encodings, licences, hashes,
 * advisories and models (`UTF-8`, `SHA-256`, `AGPL-3`, `GPT-5`, `CVE-2024`): never tasks. A project whose task
 * ids do use one of them says so with its own `sources.idPattern`.
 */
export const NOT_TASK_PREFIXES: ReadonlySet<string> = new Set([
  // encodings, hashes, ciphers
  'UTF',
  'UCS',
  'ISO',
  'SHA',
  'MD',
  'AES',
  'RSA',
  'CRC',
  'HMAC',
  // licences
  'GPL',
  'AGPL',
  'LGPL',
  'MPL',
  'EPL',
  'BSD',
  'APACHE',
  // standards and protocols
  'RFC',
  'PEP',
  'IEEE',
  'ECMA',
  'WCAG',
  'TLS',
  'SSL',
  'HTTP',
  'IPV',
  'OAUTH',
  'JSR',
  'JEP',
  // advisories and weaknesses
  'CVE',
  'CWE',
  'GHSA',
  'RUSTSEC',
  'PYSEC',
  // models
  'GPT',
  'GLM',
  'LLAMA',
  'QWEN',
  'PHI',
  'GEMMA',
  'MISTRAL',
  'CLAUDE',
  'GEMINI',
  'GROK',
  'KIMI',
  'BERT',
]);

/**
 * Compiles an id pattern once; a pattern that does not compile, or that the linear-time engine cannot run, is a
 * ConfigError naming the option. The default runs natively; a user's pattern runs on the linear-time engine,
 * since every commit message of the history is matched against it.
 */
export function compileIdMatcher(idPattern: string = DEFAULT_ID_PATTERN): IdMatcher {
  if (idPattern === DEFAULT_ID_PATTERN) return nativeMatcher(idPattern, true);
  const problem = userPatternProblem(idPattern);
  if (problem)
    throw new ConfigError('invalid_config', `sources.idPattern: ${JSON.stringify(idPattern)} is ${problem}`, {
      field: 'sources.idPattern',
      hint: 'give the pattern as regular expression source without back-references or look-arounds, e.g. "[A-Z][A-Z0-9]*-\\\\d+"',
    });
  return linearMatcher(compileUserPattern(`(?:${idPattern})`), compileUserPattern(`^(?:${idPattern})$`));
}

function nativeMatcher(idPattern: string, skipKnown: boolean): IdMatcher {
  const isTask = (id: string) => !skipKnown || !NOT_TASK_PREFIXES.has(id.slice(0, id.indexOf('-')));
  // Letters, digits and underscore next to a match mean it is part of a longer word.
  const anywhere = new RegExp(`(?<![A-Za-z0-9_])(?:${idPattern})(?![A-Za-z0-9_])`, 'g');
  const whole = new RegExp(`^(?:${idPattern})$`);
  return {
    findAll(text) {
      const ids: string[] = [];
      anywhere.lastIndex = 0;
      for (let m = anywhere.exec(text); m !== null; m = anywhere.exec(text)) {
        if (m[0] === '') {
          anywhere.lastIndex += 1;
          continue;
        }
        if (!ids.includes(m[0]) && isTask(m[0])) ids.push(m[0]);
      }
      return ids;
    },
    isId(text) {
      return text !== '' && whole.test(text) && isTask(text);
    },
  };
}

/** The same answers as nativeMatcher for a user's pattern: the word boundaries are checked around each match. */
function linearMatcher(anywhere: TextPattern, whole: TextPattern): IdMatcher {
  return {
    findAll(text) {
      const ids: string[] = [];
      for (let from = 0, m = anywhere.exec(text, 0); m !== null; m = anywhere.exec(text, from)) {
        const end = m.index + m[0].length;
        const bounded = !WORD.test(text[m.index - 1] ?? '') && !WORD.test(text[end] ?? '');
        if (m[0] !== '' && bounded && !ids.includes(m[0])) ids.push(m[0]);
        from = m[0] === '' || !bounded ? m.index + 1 : end;
      }
      return ids;
    },
    isId(text) {
      return text !== '' && whole.test(text);
    },
  };
}
