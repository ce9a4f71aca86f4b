import { ContractError } from './errors.js';

/** Throws unless `value` is an integer 0..100; the message names `field`. */
export function assertScore(value: unknown, field: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    throw new ContractError('invalid_score', `${field} must be an integer 0..100, got ${describe(value)}`, { field });
  }
  if (value < 0 || value > 100) {
    throw new ContractError('invalid_score', `${field} must be between 0 and 100, got ${value}`, { field });
  }
}

function describe(value: unknown): string {
  if (typeof value === 'string') return JSON.stringify(value);
  if (typeof value === 'number') return String(value);
  return value === null ? 'null' : typeof value;
}
