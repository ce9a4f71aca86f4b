/** Spending consulted before each judge call; `--max-cost` stops starting new calls once reached. */
export interface CostBudget {
  /** Whether a new call may start. */
  canStart(): boolean;
  add(usd: number): void;
  readonly spentUsd: number;
  readonly maxUsd: number | undefined;
}

/** A budget of `maxUsd` dollars; no limit when undefined. Calls in flight finish and are counted. */
export function createCostBudget(maxUsd?: number): CostBudget {
  let spent = 0;
  return {
    canStart: () => maxUsd === undefined || spent < maxUsd,
    add: (usd) => {
      spent += usd;
    },
    get spentUsd() {
      return spent;
    },
    maxUsd,
  };
}
