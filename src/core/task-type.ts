import type { Task } from './task.js';

/** Kinds of work, from what the work itself says (its title, labels, branch). */
export const TASK_TYPES = ['feature', 'fix', 'docs', 'test', 'refactor', 'dependencies', 'ci', 'other'] as const;
export type TaskType = (typeof TASK_TYPES)[number];

/** The label key a result carries its task type under (`compare --by task-type` reads it). */
export const TASK_TYPE_LABEL = 'type';

const CONVENTIONAL: Record<string, TaskType> = {
  feat: 'feature',
  feature: 'feature',
  fix: 'fix',
  bugfix: 'fix',
  hotfix: 'fix',
  docs: 'docs',
  doc: 'docs',
  test: 'test',
  tests: 'test',
  refactor: 'refactor',
  perf: 'refactor',
  style: 'refactor',
  ci: 'ci',
  deps: 'dependencies',
};

const LABELS: [RegExp, TaskType][] = [
  [/^(bug|fix|bugfix|regression)$/, 'fix'],
  [/^(enhancement|feature|feat|new feature)$/, 'feature'],
  [/^(documentation|docs)$/, 'docs'],
  [/^(dependencies|deps|dependency)$/, 'dependencies'],
  [/^(ci|github[_ ]actions|ci\/cd)$/, 'ci'],
  [/^(tests?|testing)$/, 'test'],
  [/^(refactor|refactoring|tech[- ]debt|cleanup)$/, 'refactor'],
];

const WORDS: [RegExp, TaskType][] = [
  [/^(bump|upgrade|update) \S+ (from \S+ )?to v?\d|^(bump|upgrade)s? |dependenc(y|ies)\b|\bdeps\b/, 'dependencies'],
  [/^(fix(es|ed)?|bug|resolve[sd]?|correct(s|ed)?|repair)\b/, 'fix'],
  [/^(docs?|document(s|ed|ation)?|readme)\b/, 'docs'],
  [/^(add(s|ed)? (unit |integration |e2e )?tests?|tests?|cover)\b/, 'test'],
  [/^(refactor(s|ed)?|clean ?up|rename[sd]?|reorgani[sz]e|simplif(y|ies|ied)|extract)\b/, 'refactor'],
  [/^(ci|workflows?)\b|github actions/, 'ci'],
  [/^(add(s|ed)?|implement(s|ed)?|support(s|ed)?|introduce[sd]?|create[sd]?|enable[sd]?|allow(s|ed)?)\b/, 'feature'],
];

/**
 * A task's type from the work itself: a conventional prefix of its title (`feat(api): …`, `fix: …`, `chore(deps):
 * …`), else its labels (a pull request's `bug`, `documentation`, …), else its branch's prefix (`fix/…`,
 * `dependabot/…`), else the title's first words (`Fix …`, `Bump x from 1 to 2`, `Add …`); `other` when none says.
 */
export function taskType(task: Pick<Task, 'title' | 'labels' | 'branch'>): TaskType {
  const title = (task.title ?? '').trim().toLowerCase();
  const conventional = /^([a-z]+)(\(([^)]*)\))?!?:/.exec(title);
  if (conventional) {
    const [, kind, , scope] = conventional;
    if ((kind === 'chore' || kind === 'build') && /^(deps|dependencies|deps-dev)$/.test(scope ?? ''))
      return 'dependencies';
    const type = CONVENTIONAL[kind!];
    if (type) return type;
  }
  for (const [key, value] of Object.entries(task.labels ?? {})) {
    // Pull request labels arrive as `label.<name>`: yes; other labels as key=value.
    const name = (key.startsWith('label.') ? key.slice('label.'.length) : value).toLowerCase().replace(/_/g, ' ');
    for (const [re, type] of LABELS) if (re.test(name)) return type;
  }
  const branch = (task.branch ?? '').toLowerCase().replace(/^refs\/heads\//, '');
  if (/^(dependabot|renovate)\//.test(branch)) return 'dependencies';
  const prefix = /^([a-z]+)[/-]/.exec(branch)?.[1];
  if (prefix && prefix !== 'copilot' && CONVENTIONAL[prefix]) return CONVENTIONAL[prefix];
  if (conventional?.[1] === 'chore' || conventional?.[1] === 'build') return 'other';
  for (const [re, type] of WORDS) if (re.test(title)) return type;
  return 'other';
}
