/** Computed hindsight outcomes kept by key (the repository's ref tips and the method's settings). */
export interface OutcomeCache {
  get(key: string): Promise<unknown | null>;
  set(key: string, value: unknown, now: string): Promise<void>;
}
