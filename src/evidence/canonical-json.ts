import { ContractError } from '../core/index.js';

/**
 * JSON with object keys sorted recursively (UTF-16 code-unit order) and no whitespace, so equal values always give equal text.
 * Follows JSON.stringify for the rest: undefined object members are left out, undefined array items
 * and non-finite numbers become null, toJSON() is honoured.
 */
export function canonicalJson(value: unknown): string {
  return write(value, new Set());
}

function write(value: unknown, seen: Set<object>): string {
  if (value !== null && typeof value === 'object' && typeof (value as { toJSON?: unknown }).toJSON === 'function') {
    return write((value as { toJSON: () => unknown }).toJSON(), seen);
  }
  switch (typeof value) {
    case 'string':
      return JSON.stringify(value);
    case 'number':
      return Number.isFinite(value) ? JSON.stringify(value) : 'null';
    case 'boolean':
      return value ? 'true' : 'false';
    case 'bigint':
      throw new ContractError(
        'invalid_input',
        'canonicalJson: a bigint has no JSON form; convert it to a string or number first',
      );
    case 'undefined':
    case 'function':
    case 'symbol':
      return 'null';
  }
  if (value === null) return 'null';
  const object = value as object;
  if (seen.has(object))
    throw new ContractError('invalid_input', 'canonicalJson: the value contains a cycle; evidence must be a tree');
  seen.add(object);
  let text: string;
  if (Array.isArray(object)) {
    text = `[${object.map((item) => write(item, seen)).join(',')}]`;
  } else {
    const record = object as Record<string, unknown>;
    const members: string[] = [];
    for (const key of Object.keys(record).sort()) {
      const member = record[key];
      if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
      members.push(`${JSON.stringify(key)}:${write(member, seen)}`);
    }
    text = `{${members.join(',')}}`;
  }
  seen.delete(object);
  return text;
}
