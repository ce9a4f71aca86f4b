import { storedColumnsOfCell, type StoredCompareCell } from '../compare-cells.js';

/** The columns of a stored cell after its key, in both cell tables. */
export const CELL_COLUMNS =
  'mode, rubric_version, agent, model_provider, model_id, project, change_size, n, counts, spend';

/** A cell's values in CELL_COLUMNS order. */
export function cellValues(cell: StoredCompareCell): unknown[] {
  const { counts, spend } = storedColumnsOfCell(cell);
  const c = cell;
  return [c.mode, c.rubricVersion, c.agent, c.modelProvider, c.modelId, c.project, c.size, c.n, counts, spend];
}
