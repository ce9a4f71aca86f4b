import { mkdir, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

/** One trial of a test job: its reward, or an exception instead of a verifier result. */
export interface TestTrial {
  name: string;
  task: string;
  reward: number | null;
  exception?: string;
  /** Whether the trial's ATIF trajectory shows its tests failing. */
  testsFail?: boolean;
}

/**
 * Writes a Harbor job directory as Harbor lays one out: `<job>/result.json` (the job's), and per trial
 * `<trial>/result.json` (TrialResult) with `<trial>/agent/trajectory.json` (ATIF v1.4).
 */
export async function writeHarborJob(dir: string, trials: readonly TestTrial[]): Promise<void> {
  await mkdir(dir, { recursive: true });
  await writeFile(join(dir, 'result.json'), JSON.stringify({ id: 'job-1', n_total_trials: trials.length, stats: {} }));
  for (const [k, t] of trials.entries()) {
    const trialDir = join(dir, t.name);
    await mkdir(join(trialDir, 'agent'), { recursive: true });
    const start = new Date(Date.UTC(2026, 2, 2, 10, k)).toISOString();
    const end = new Date(Date.UTC(2026, 2, 2, 10, k, 40)).toISOString();
    await writeFile(
      join(trialDir, 'result.json'),
      JSON.stringify({
        id: `00000000-0000-0000-0000-${String(k).padStart(12, '0')}`,
        task_name: t.task,
        trial_name: t.name,
        trial_uri: `file://${trialDir}`,
        task_id: { path: `tasks/${t.task}` },
        source: 'terminal-bench',
        config: { agent: { name: 'claude-code', model_name: 'anthropic/claude-sonnet-4-5' } },
        agent_info: {
          name: 'claude-code',
          version: '2.0.14',
          model_info: { name: 'claude-sonnet-4-5', provider: 'anthropic' },
        },
        agent_result: { n_input_tokens: 12000, n_cache_tokens: 8000, n_output_tokens: 900, cost_usd: 0.042 },
        verifier_result: t.reward === null ? null : { rewards: { reward: t.reward } },
        exception_info: t.exception
          ? { exception_type: 'AgentTimeoutError', exception_message: t.exception, exception_traceback: '' }
          : null,
        started_at: start,
        finished_at: end,
      }),
    );
    await writeFile(
      join(trialDir, 'agent', 'trajectory.json'),
      JSON.stringify({
        schema_version: 'ATIF-v1.4',
        session_id: `session-${t.name}`,
        agent: { name: 'claude-code', version: '2.0.14', model_name: 'claude-sonnet-4-5' },
        steps: [
          { step_id: 1, timestamp: start, source: 'user', message: `Solve ${t.task}` },
          {
            step_id: 2,
            timestamp: start,
            source: 'agent',
            message: 'I will fix the parser and run the tests.',
            tool_calls: [
              { tool_call_id: 'c1', function_name: 'Edit', arguments: { file_path: 'src/parser.py' } },
              { tool_call_id: 'c2', function_name: 'Bash', arguments: { command: 'pytest -q' } },
            ],
            observation: {
              results: [
                { source_call_id: 'c1', content: 'The file src/parser.py has been updated.' },
                {
                  source_call_id: 'c2',
                  content: t.testsFail
                    ? 'FAILED tests/test_parser.py::test_nested - AssertionError'
                    : '12 passed in 0.4s',
                },
              ],
            },
            metrics: { prompt_tokens: 12000, completion_tokens: 900, cached_tokens: 8000, cost_usd: 0.042 },
          },
        ],
        final_metrics: { total_prompt_tokens: 12000, total_completion_tokens: 900, total_cached_tokens: 8000 },
      }),
    );
  }
}
