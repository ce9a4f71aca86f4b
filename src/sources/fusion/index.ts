export { readFusionProject, type ReadFusionProjectOptions } from './read-fusion-project.js';
export {
  detectFusionProject,
  FUSION_DB,
  FUSION_ARCHIVE_DB,
  FUSION_ENV,
  FUSION_PROJECT_JSON,
  FUSION_TASK_DIRS,
} from './detect-fusion-project.js';
export { readFusionPostgres, type FusionPostgresData } from './read-fusion-postgres.js';
export { readFusionDatabase, type FusionDatabaseData, type DatabaseRecord } from './read-fusion-database.js';
export { readArchiveDatabase } from './read-archive-database.js';
export { readTaskFolders, readAgentLogFile, type TaskFolder } from './read-task-folders.js';
export { mapTaskRow, TASK_JSON_COLUMNS } from './map-task-row.js';
export { LogFragmentJoiner } from './log-fragment-joiner.js';
export { titleFromPrompt } from './title-from-prompt.js';
