// The judge layer defines the cache contract; the store only implements it (type-only, so no judge code loads).
export type { CachedJudgeCall, JudgeCache } from '../judge/index.js';
