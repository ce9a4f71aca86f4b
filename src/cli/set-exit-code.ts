/** Sets the process exit code a command wants (the highest wins); commands import it from here, not register-commands, to avoid a cycle. */
export type SetExitCode = (code: number) => void;
