import type { Command } from 'commander';
import type { CliIo } from './cli-io.js';
import type { SetExitCode } from './set-exit-code.js';
import { registerDemoCommand } from './commands/demo-command.js';
import { registerSchemaCommand } from './commands/schema-command.js';
import { registerScoreCommand } from './commands/score-command.js';
import { registerServeCommand } from './commands/serve-command.js';
import { registerBatchCommand } from './commands/batch-command.js';
import { registerExportCommand } from './commands/export-command.js';
import { registerPruneCommand } from './commands/prune-command.js';
import { registerRunCommand } from './commands/run-command.js';
import { registerRunsCommand } from './commands/runs-command.js';
import { registerScheduleCommand } from './commands/schedule-command.js';
import { registerShowCommand } from './commands/show-command.js';
import { registerResultsCommand } from './commands/results-command.js';
import { registerOutcomesCommand } from './commands/outcomes-command.js';
import { registerValidateCommand } from './commands/validate-command.js';
import { registerDoctorCommand } from './commands/doctor-command.js';
import { registerCompareCommand } from './commands/compare-command.js';
import { registerWorkerCommand } from './commands/worker-command.js';
import { registerSessionsCommand } from './commands/sessions-command.js';
import { registerMigrateCommand } from './commands/migrate-command.js';
import { registerInitCommand } from './commands/init-command.js';
import { registerRescoreCommand } from './commands/rescore-command.js';
import { registerPromptCommand } from './commands/prompt-command.js';
import { registerLabelCommand } from './commands/label-command.js';

export type { SetExitCode } from './set-exit-code.js';

/** Adds every command to the program; one line per command file. */
export function registerCommands(program: Command, io: CliIo, setExitCode: SetExitCode): void {
  registerScoreCommand(program, io, setExitCode);
  registerDemoCommand(program, io, setExitCode);
  registerSchemaCommand(program, io);
  registerPromptCommand(program, io);
  registerServeCommand(program, io);
  registerRunCommand(program, io, setExitCode);
  registerRescoreCommand(program, io, setExitCode);
  registerRunsCommand(program, io);
  registerShowCommand(program, io);
  registerResultsCommand(program, io);
  registerExportCommand(program, io);
  registerPruneCommand(program, io);
  registerBatchCommand(program, io, setExitCode);
  registerScheduleCommand(program, io, setExitCode);
  registerOutcomesCommand(program, io);
  registerValidateCommand(program, io);
  registerLabelCommand(program, io);
  registerDoctorCommand(program, io);
  registerCompareCommand(program, io, setExitCode);
  registerWorkerCommand(program, io);
  registerSessionsCommand(program, io);
  registerMigrateCommand(program, io);
  registerInitCommand(program, io);
}
