import { createRequire } from 'node:module';

const require = createRequire(import.meta.url);

/** taskeval's own version, from package.json (two levels up from src/cli or dist/cli). */
export const TASKEVAL_VERSION: string = (require('../../package.json') as { version: string }).version;
