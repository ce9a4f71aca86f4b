import type { AgentSession } from '../../core/index.js';

// Commands that change files: SWE-agent's edit/create/insert, the str_replace_editor tool, shell edits.
const EDIT_ACTION =
  /^(?:edit|create|insert|append|str_replace_editor\s+(?:create|str_replace|insert)|apply_patch|sed\s+-i|perl\s+-pi|cat\s*>|tee\s)/;
// Commands that run the code to check it: test runners and scripts.
const TEST_ACTION =
  /^(?:(?:cd\s+\S+\s*&&\s*)?(?:python3?|pytest|py\.test|tox|nox|npm\s+(?:run\s+)?test|yarn\s+test|pnpm\s+test|go\s+test|cargo\s+test|make\s+(?:test|check)|\.\/(?:tests?\/|runtests)|bin\/test|bundle\s+exec\s+rspec|rspec|jest|vitest|mvn\s+test|gradle\s+test)\b)/;
// What a failed command prints when no exit code is recorded (SWE-agent observations).
const FAILED_OUTPUT =
  /Traceback \(most recent call last\)|command not found|No such file or directory|Your proposed edit has introduced new syntax error|exit (?:code|status) [1-9]|returncode [1-9]|^(?:bash: )?\S+: line \d+: /m;
const REJECTED_EDIT = /Your proposed edit has introduced new syntax error/;
// A test run failed when its output shows a failure.
const TEST_FAILED =
  /Traceback \(most recent call last\)|\bFAILED\b|\bERROR\b|AssertionError|\b\d+ failed\b|Error:|exit (?:code|status) [1-9]/;
const GIVE_UP_ACTION = /^(?:fail|exit_error|exit_cost|exit_context|exit_format|give_?up)\b/;
// The agent's own script that reproduces the reported bug (reproduce.py, repro_issue.js, ...).
const REPRODUCTION = /(?:^|[\s/])repro(?:duce)?[\w-]*\.(?:py|js|ts|mjs|rb|sh|go)\b/;

/**
 * Counts what a whole agent session shows, step by step, for the rubric: steps, failed commands, edits
 * (and edits the harness refused), test runs and whether the last edit was tested, give-ups, the exit
 * status and the submitted patch. Readers call `action` then `result` for each step.
 */
export class SessionTracker {
  private steps = 0;
  private failedCommands = 0;
  private edits = 0;
  private rejectedEdits = 0;
  private testRuns = 0;
  private gaveUp = 0;
  private lastEditAt = -1;
  private lastTestAt = -1;
  private lastTestPassed: boolean | null = null;
  private pending: 'edit' | 'test' | 'other' | null = null;
  private pendingCommand = '';
  /** Tool calls answered later by id. */
  private readonly calls = new Map<string, { command: string; kind: 'edit' | 'test' | 'other' | undefined }>();
  /** What the last action replaced, so an action the user declined can be taken back. */
  private before: { lastEditAt: number; lastTestAt: number } = { lastEditAt: -1, lastTestAt: -1 };
  private exitStatus: string | null = null;
  private patch: { added: number; deleted: number; files: number } | null = null;

  /** One action or tool call; `kind` overrides what the command text says (a tool named Edit, say). */
  action(command: string, kind?: 'edit' | 'test' | 'other'): void {
    const text = command.trim();
    this.steps += 1;
    const detected = kind ?? (EDIT_ACTION.test(text) ? 'edit' : TEST_ACTION.test(text) ? 'test' : 'other');
    if (GIVE_UP_ACTION.test(text)) this.gaveUp += 1;
    this.before = { lastEditAt: this.lastEditAt, lastTestAt: this.lastTestAt };
    if (detected === 'edit') {
      this.edits += 1;
      this.lastEditAt = this.steps;
    } else if (detected === 'test') {
      this.testRuns += 1;
      this.lastTestAt = this.steps;
    }
    this.pending = detected;
    this.pendingCommand = text;
  }

  /**
   * A tool call whose result comes later, named by its id: it becomes a step when `answered`, so calls made
   * together in one reply pair with their own results.
   */
  call(id: string, command: string, kind?: 'edit' | 'test' | 'other'): void {
    this.calls.set(id, { command, kind });
  }

  /** The call `id` is answered: its step is taken now, before `result`; false when no call of that id waits. */
  answered(id: string): boolean {
    const call = this.calls.get(id);
    if (!call) return false;
    this.calls.delete(id);
    this.action(call.command, call.kind);
    return true;
  }

  /** Calls that never got a result (the session ended first) still were steps. */
  unanswered(): void {
    for (const call of this.calls.values()) this.action(call.command, call.kind);
    this.calls.clear();
  }

  /**
   * The result of the last action: `failed` when the harness recorded it (an exit code, is_error);
   * otherwise read from the output.
   */
  result(output: string, failed?: boolean): boolean {
    const head = output.slice(0, 20_000);
    // Before any edit, the agent's reproduction script failing shows the bug it was written to show.
    const reproducing = this.edits === 0 && REPRODUCTION.test(this.pendingCommand);
    const isFailure = !reproducing && (failed ?? FAILED_OUTPUT.test(head));
    if (isFailure) this.failedCommands += 1;
    if (this.pending === 'edit' && REJECTED_EDIT.test(head)) this.rejectedEdits += 1;
    if (this.pending === 'test') this.lastTestPassed = !(failed ?? false) && !TEST_FAILED.test(head);
    this.pending = null;
    return isFailure;
  }

  /**
   * The last action never ran: the user declined it (Claude Code's "The user doesn't want to proceed with this
   * tool use"). It stays a step, but is neither a failed command nor an edit or test run.
   */
  declined(): void {
    if (this.pending === 'edit') this.edits -= 1;
    else if (this.pending === 'test') this.testRuns -= 1;
    this.lastEditAt = this.before.lastEditAt;
    this.lastTestAt = this.before.lastTestAt;
    this.pending = null;
  }

  /** The last action was an edit the harness refused (its editor found nothing to replace, say). */
  refusedEdit(): void {
    if (this.pending === 'edit') this.rejectedEdits += 1;
  }

  exit(status: string): void {
    this.exitStatus = status;
    if (/^exit_|error|cost|context|format|fail/i.test(status) && !/submitted/i.test(status)) this.gaveUp += 1;
  }

  /** The submitted patch (a unified diff). */
  submission(diff: string): void {
    let added = 0;
    let deleted = 0;
    let files = 0;
    for (const line of diff.split('\n')) {
      if (line.startsWith('diff --git ')) files += 1;
      else if (line.startsWith('+') && !line.startsWith('+++')) added += 1;
      else if (line.startsWith('-') && !line.startsWith('---')) deleted += 1;
    }
    this.patch = { added, deleted, files };
  }

  /** What the session showed; null when it had no step at all. */
  summary(): AgentSession | null {
    if (this.steps === 0 && this.exitStatus === null && this.patch === null) return null;
    const session: AgentSession = {
      steps: this.steps,
      failedCommands: this.failedCommands,
      edits: this.edits,
      rejectedEdits: this.rejectedEdits,
      testRuns: this.testRuns,
      gaveUp: this.gaveUp,
    };
    if (this.edits > 0) session.testedAfterLastEdit = this.lastTestAt > this.lastEditAt;
    if (this.lastTestPassed !== null) session.lastTestPassed = this.lastTestPassed;
    if (this.exitStatus !== null) session.exitStatus = this.exitStatus;
    // A submission that changes nothing hands over no work: not a submission.
    if (this.patch && this.patch.files === 0 && this.patch.added === 0 && this.patch.deleted === 0)
      session.exitStatus =
        this.exitStatus !== null && !/submitted/i.test(this.exitStatus) ? this.exitStatus : 'empty patch';
    if (this.patch)
      Object.assign(session, {
        patchLinesAdded: this.patch.added,
        patchLinesDeleted: this.patch.deleted,
        patchFiles: this.patch.files,
      });
    return session;
  }
}

/** Several sessions of one task as one: counts add up, the last session's end state wins. */
export function mergeSessions(sessions: readonly AgentSession[]): AgentSession | null {
  if (sessions.length === 0) return null;
  const last = sessions[sessions.length - 1]!;
  const sum = (pick: (s: AgentSession) => number | undefined) => sessions.reduce((t, s) => t + (pick(s) ?? 0), 0);
  const patched = sessions.filter((s) => s.patchLinesAdded !== undefined);
  const merged: AgentSession = {
    steps: sum((s) => s.steps),
    failedCommands: sum((s) => s.failedCommands),
    edits: sum((s) => s.edits),
    rejectedEdits: sum((s) => s.rejectedEdits),
    testRuns: sum((s) => s.testRuns),
    gaveUp: sum((s) => s.gaveUp),
  };
  if (last.testedAfterLastEdit !== undefined) merged.testedAfterLastEdit = last.testedAfterLastEdit;
  if (last.lastTestPassed !== undefined) merged.lastTestPassed = last.lastTestPassed;
  if (last.exitStatus !== undefined) merged.exitStatus = last.exitStatus;
  const patch = patched.at(-1);
  if (patch)
    Object.assign(merged, {
      patchLinesAdded: patch.patchLinesAdded,
      patchLinesDeleted: patch.patchLinesDeleted,
      patchFiles: patch.patchFiles,
    });
  return merged;
}
