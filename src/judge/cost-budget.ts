/** A call's hold on the budget: its worst case is reserved until it settles with what it really cost. */
export interface CostReservation {
  settle(actualUsd: number): void;
}

/**
 * Spending consulted before each judge call. `--max-cost` is never passed, at any concurrency: each call reserves
 * its worst case (the prompt's estimated tokens and the answer's whole cap) before it starts, and a call whose worst
 * case does not fit beside what is spent and reserved is not started.
 */
export interface CostBudget {
  /** A reservation for a call that may cost up to `worstUsd`, or null when it might pass the limit. */
  reserve(worstUsd: number): CostReservation | null;
  readonly spentUsd: number;
  readonly reservedUsd: number;
  readonly maxUsd: number | undefined;
}

/** A budget of `maxUsd` dollars; no limit when undefined. */
export function createCostBudget(maxUsd?: number): CostBudget {
  let spent = 0;
  let reserved = 0;
  return {
    reserve(worstUsd) {
      if (maxUsd !== undefined && spent + reserved + worstUsd > maxUsd) return null;
      reserved += worstUsd;
      let settled = false;
      return {
        settle(actualUsd) {
          if (settled) return;
          settled = true;
          reserved -= worstUsd;
          spent += actualUsd;
        },
      };
    },
    get spentUsd() {
      return spent;
    },
    get reservedUsd() {
      return reserved;
    },
    maxUsd,
  };
}
