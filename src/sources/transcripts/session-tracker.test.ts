import { describe, expect, it } from 'vitest';
import { mergeSessions, SessionTracker } from './session-tracker.js';

describe('SessionTracker', () => {
  it('counts edits, refused edits, test runs and failures read from SWE-agent output, and whether the last edit was tested', () => {
    const t = new SessionTracker();
    t.action('open src/app.py');
    t.result('[File: src/app.py (40 lines total)]');
    t.action('edit 3:3\nreturn x\nend_of_edit');
    t.result('Your proposed edit has introduced new syntax error(s). Please read this error message carefully');
    t.action('edit 3:3\n    return x\nend_of_edit');
    t.result('[File: src/app.py (40 lines total)]');
    t.action('python reproduce.py');
    t.result('Traceback (most recent call last):\n  File "reproduce.py", line 1\nValueError: bad');
    t.action('pytest tests/test_app.py -q');
    t.result('3 passed in 0.2s');
    t.action('fail');
    t.result('');
    t.exit('submitted');
    t.submission(
      'diff --git a/src/app.py b/src/app.py\n--- a/src/app.py\n+++ b/src/app.py\n@@ -3 +3 @@\n-return y\n+    return x\n+    # done\n',
    );
    expect(t.summary()).toEqual({
      steps: 6,
      failedCommands: 2,
      edits: 2,
      rejectedEdits: 1,
      testRuns: 2,
      testedAfterLastEdit: true,
      lastTestPassed: true,
      gaveUp: 1,
      exitStatus: 'submitted',
      patchLinesAdded: 2,
      patchLinesDeleted: 1,
      patchFiles: 1,
    });
  });

  it("does not count the agent's reproduction script failing before any edit: it shows the bug it was written to show", () => {
    const t = new SessionTracker();
    t.action('python reproduce_issue.py');
    t.result('Traceback (most recent call last):\nValueError: bad');
    t.action('cd /testbed && node repro.js');
    t.result('Error: boom', true);
    t.action('edit 3:3\n    return x\nend_of_edit');
    t.result('[File: src/app.py (40 lines total)]');
    // After the fix, the same script failing is a failure.
    t.action('python reproduce_issue.py');
    t.result('Traceback (most recent call last):\nValueError: still bad');
    expect(t.summary()).toMatchObject({ steps: 4, failedCommands: 1, edits: 1 });
  });

  it('takes a recorded failure over the output, counts an exit on cost as giving up, and says nothing for an empty session', () => {
    const t = new SessionTracker();
    t.action('npm test');
    t.result('all good', true);
    t.action('sed -i s/a/b/ x.js');
    t.result('', false);
    t.exit('exit_cost');
    expect(t.summary()).toMatchObject({
      failedCommands: 1,
      edits: 1,
      testedAfterLastEdit: false,
      lastTestPassed: false,
      gaveUp: 1,
      exitStatus: 'exit_cost',
    });
    expect(new SessionTracker().summary()).toBeNull();
  });

  it("merges a task's sessions: counts add up, the last end state and patch win", () => {
    const a = {
      steps: 3,
      failedCommands: 1,
      edits: 1,
      rejectedEdits: 0,
      testRuns: 0,
      gaveUp: 0,
      exitStatus: 'exit_error',
      patchLinesAdded: 9,
      patchLinesDeleted: 0,
      patchFiles: 1,
    };
    const b = {
      steps: 5,
      failedCommands: 0,
      edits: 2,
      rejectedEdits: 1,
      testRuns: 1,
      gaveUp: 1,
      testedAfterLastEdit: true,
      lastTestPassed: true,
      exitStatus: 'submitted',
      patchLinesAdded: 4,
      patchLinesDeleted: 2,
      patchFiles: 1,
    };
    expect(mergeSessions([a, b])).toEqual({
      steps: 8,
      failedCommands: 1,
      edits: 3,
      rejectedEdits: 1,
      testRuns: 1,
      gaveUp: 1,
      testedAfterLastEdit: true,
      lastTestPassed: true,
      exitStatus: 'submitted',
      patchLinesAdded: 4,
      patchLinesDeleted: 2,
      patchFiles: 1,
    });
    expect(mergeSessions([])).toBeNull();
  });
});
