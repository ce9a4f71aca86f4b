import type { CachedJudgeCall, JudgeCache } from '../judge-cache.js';
import { toJsonText, type SqliteDb } from './sqlite-db.js';

/** Judge calls kept in the judge_cache table. */
export class SqliteJudgeCache implements JudgeCache {
  constructor(private readonly db: SqliteDb) {}

  async get(key: string): Promise<CachedJudgeCall | null> {
    const row = this.db.read('judgeCache.get', () =>
      this.db.get<{ answer: string; usage: string; provider: string; model: string; created_at: string }>(
        'SELECT answer, usage, provider, model, created_at FROM judge_cache WHERE key = ?',
        key,
      ),
    );
    if (!row) return null;
    return {
      answer: JSON.parse(row.answer),
      usage: JSON.parse(row.usage),
      provider: row.provider,
      model: row.model,
      createdAt: row.created_at,
    };
  }

  async set(key: string, value: CachedJudgeCall): Promise<void> {
    // A cache is an optimisation: a store opened for reading computes again instead of writing.
    if (this.db.raw.readonly) return;
    this.db.write('judgeCache.set', () =>
      this.db.run(
        `INSERT INTO judge_cache (key, answer, usage, provider, model, created_at) VALUES (?, ?, ?, ?, ?, ?)
         ON CONFLICT (key) DO UPDATE SET answer = excluded.answer, usage = excluded.usage, provider = excluded.provider,
           model = excluded.model, created_at = excluded.created_at`,
        key,
        toJsonText(value.answer ?? null),
        toJsonText(value.usage),
        value.provider,
        value.model,
        value.createdAt,
      ),
    );
  }
}
