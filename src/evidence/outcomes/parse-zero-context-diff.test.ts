import { describe, expect, it } from 'vitest';
import { parseZeroContextDiff } from './parse-zero-context-diff.js';

const DIFF = `diff --git a/src/a.ts b/src/a.ts
index 1..2 100644
--- a/src/a.ts
+++ b/src/a.ts
@@ -3 +3 @@ export function a() {
-  return 1;
+  return 2;
@@ -10,2 +9,0 @@
-x
-y
@@ -20,0 +19,3 @@
+new
diff --git a/new.ts b/new.ts
new file mode 100644
--- /dev/null
+++ b/new.ts
@@ -0,0 +1 @@
+n
diff --git a/old name.ts b/renamed.ts
similarity index 90%
rename from old name.ts
rename to renamed.ts
--- a/old name.ts
+++ b/renamed.ts
@@ -1 +1 @@
-o
+p
diff --git "a/quo\\"te.ts" "b/quo\\"te.ts"
--- "a/quo\\"te.ts"
+++ "b/quo\\"te.ts"
@@ -4,1 +4,1 @@
-q
+r
`;

describe('parseZeroContextDiff', () => {
  it('gives the old-side lines each file lost or changed, by the path in the parent, and leaves out pure additions', () => {
    expect(parseZeroContextDiff(DIFF)).toEqual([
      {
        path: 'src/a.ts',
        ranges: [
          { start: 3, count: 1 },
          { start: 10, count: 2 },
        ],
      },
      { path: 'old name.ts', ranges: [{ start: 1, count: 1 }] },
      { path: 'quo"te.ts', ranges: [{ start: 4, count: 1 }] },
    ]);
  });

  it('gives nothing for an empty diff', () => {
    expect(parseZeroContextDiff('')).toEqual([]);
  });
});
