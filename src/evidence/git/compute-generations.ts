/**
 * Generation numbers for a commit graph given as parent index lists (-1 for a parent outside the index):
 * a root is 1 and every commit is one more than its highest parent, so an ancestor always has a lower number.
 * Iterative, so deep histories do not overflow the stack.
 */
export function computeGenerations(parents: readonly (readonly number[])[], known?: Uint32Array): Uint32Array {
  // Generations already known (a kept history's) are not 0, so only the others are walked.
  const gen = known ?? new Uint32Array(parents.length);
  const stack: number[] = [];
  for (let root = 0; root < parents.length; root += 1) {
    if (gen[root] !== 0) continue;
    stack.push(root);
    while (stack.length > 0) {
      const node = stack[stack.length - 1]!;
      if (gen[node] !== 0) {
        stack.pop();
        continue;
      }
      let pending = false;
      let best = 0;
      for (const p of parents[node]!) {
        if (p < 0) continue;
        const g = gen[p]!;
        if (g === 0) {
          // 0 means unvisited; a cycle cannot happen in git history, so no on-stack mark is needed.
          stack.push(p);
          pending = true;
        } else if (g > best) best = g;
      }
      if (pending) continue;
      gen[node] = best + 1;
      stack.pop();
    }
  }
  return gen;
}
