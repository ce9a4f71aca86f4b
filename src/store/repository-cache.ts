/** Values computed from a repository's history and kept by key: the kept commit index (by attribution rules) and SZZ outcomes (by ref tips and settings). */
export interface RepositoryCache {
  get(key: string): Promise<unknown | null>;
  set(key: string, value: unknown, now: string): Promise<void>;
}
