/** One schema step; versions only grow, and an applied step is never edited. */
export interface Migration {
  version: number;
  name: string;
  sql: string;
}
