/**
 * Nesting depth of a JSON value (a scalar is 0, `{}` is 1), counted up to `limit`, then it stops looking.
 * Iterative, so a value nested 100,000 levels deep cannot overflow the stack.
 */
export function jsonDepth(value: unknown, limit = Number.POSITIVE_INFINITY): number {
  let max = 0;
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [v, d] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    const depth = d + 1;
    if (depth > max) max = depth;
    if (max >= limit) return max;
    for (const child of Array.isArray(v) ? v : Object.values(v as Record<string, unknown>)) stack.push([child, depth]);
  }
  return max;
}
