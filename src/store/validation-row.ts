import { StoreError, ValidationReportSchema } from '../core/index.js';
import type { StoredValidation } from './store-types.js';

/** A validation as either backend returns it: JSON as text (SQLite) or already parsed (PostgreSQL). */
export interface ValidationRow {
  id: string;
  run_id: string;
  label: string;
  report: unknown;
  notes: unknown;
  created_at: string;
}

const json = (value: unknown): unknown => (typeof value === 'string' ? JSON.parse(value) : value);

/** A kept validation, its report checked against the schema it was written with. */
export function validationFromRow(row: ValidationRow): StoredValidation {
  const report = ValidationReportSchema.safeParse(json(row.report));
  if (!report.success)
    throw new StoreError('store_corrupt', `validation ${row.id} holds a report this version cannot read`, {
      field: 'report',
    });
  const notes = json(row.notes);
  return {
    id: row.id,
    runId: row.run_id,
    label: row.label,
    report: report.data,
    notes: Array.isArray(notes) ? notes.map(String) : [],
    createdAt: row.created_at,
  };
}
