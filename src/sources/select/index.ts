export { loadTaskSet } from './load-task-set.js';
export {
  TASK_SOURCE_KINDS,
  type LoadedTask,
  type LoadTaskSetOptions,
  type TaskSet,
  type TaskSourceKind,
  type TaskWindow,
} from './task-set.js';
export { detectTaskSource, isGitRepository } from './detect-task-source.js';
export { selectTasks, type TaskSelection } from './select-tasks.js';
export { parseDateBound } from './parse-date-bound.js';
export { completedAtOf, isCompletedTask } from './completed-at.js';
export { compareLoadedTasks } from './compare-loaded-tasks.js';
export { inferGitTasks } from './infer-git-tasks.js';
export { pathProjectId } from './path-project-id.js';
export { inspectRepository, type RepositoryInspection } from './inspect-repository.js';
