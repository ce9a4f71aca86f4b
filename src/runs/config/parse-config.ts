import { ConfigError } from '../../core/index.js';
import { TaskevalConfigSchema, type TaskevalConfig } from './taskeval-config.js';

/** Validates a parsed config object; problems are reported as `path.to.key: message`. */
export function parseConfig(value: unknown, origin = 'taskeval.config.json'): TaskevalConfig {
  const parsed = TaskevalConfigSchema.safeParse(value);
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((i) => `${i.path.length ? i.path.join('.') : '(root)'}: ${i.message}`);
  const first = parsed.error.issues[0];
  throw new ConfigError('invalid_config', `${origin} is invalid:\n  ${problems.join('\n  ')}`, {
    field: first?.path.join('.') ?? '',
    hint: 'Fix the key named above; see docs/configuration.md for every key.',
  });
}
