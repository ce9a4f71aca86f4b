import { stat } from 'node:fs/promises';
import { SourceError } from '../../core/index.js';
import { runGit } from '../../evidence/index.js';
import { detectFusionProject, FUSION_DB, FUSION_TASK_DIRS } from '../fusion/index.js';
import type { TaskSourceKind } from './task-set.js';
import { isHarborJob } from '../harbor/index.js';

/** True when `dir` is inside a git checkout, a linked worktree or a bare repository. */
export async function isGitRepository(dir: string, signal?: AbortSignal): Promise<boolean> {
  const info = await stat(dir).catch(() => null);
  if (!info?.isDirectory()) return false;
  const result = await runGit(['rev-parse', '--git-dir'], signal ? { cwd: dir, signal } : { cwd: dir });
  return result.exitCode === 0;
}

/**
 * The source a project holds when none is named: a task file when given, else a Fusion project, else a
 * git repository; else a SourceError naming the directory and what was looked for.
 */
export async function detectTaskSource(
  projectDir: string,
  tasksFile?: string,
  signal?: AbortSignal,
): Promise<TaskSourceKind> {
  if (tasksFile !== undefined) return 'files';
  const info = await stat(projectDir).catch(() => null);
  if (!info?.isDirectory()) {
    throw new SourceError(
      'source_unreadable',
      `${projectDir} ${info ? 'is not a directory' : 'does not exist'}: --project names a Fusion project or a git repository`,
      {
        field: 'project',
        hint: 'check the path, or give task records with --tasks FILE',
      },
    );
  }
  if (detectFusionProject(projectDir)) return 'fusion';
  if (await isHarborJob(projectDir)) return 'harbor';
  if (await isGitRepository(projectDir, signal)) return 'git';
  throw new SourceError(
    'source_unreadable',
    `found no tasks in ${projectDir}: no Fusion project (${[FUSION_DB, ...FUSION_TASK_DIRS].join(', ')}), no git repository, and no --tasks file`,
    {
      field: 'project',
      hint: 'Point --project at a Fusion project or a git repository whose commits name task ids, or give task records with --tasks FILE.',
    },
  );
}
