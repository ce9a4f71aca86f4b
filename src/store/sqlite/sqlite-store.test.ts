import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describeStoreContract } from '../testing/store-contract.js';
import { openSqliteStore } from './open-sqlite-store.js';

for (const [name, backgroundCheckpointAfter] of [
  ['SQLite file', undefined],
  ['SQLite file, checkpointed by a worker thread from the first write', 0],
] as const) {
  describeStoreContract(name, async () => {
    const dir = mkdtempSync(join(tmpdir(), 'taskeval-store-'));
    const store = openSqliteStore({ path: join(dir, 'nested', 'taskeval.db'), backgroundCheckpointAfter });
    return {
      store,
      async breakEventInserts() {
        store.db.raw.exec(
          "CREATE TEMP TRIGGER break_events BEFORE INSERT ON eval_run_events BEGIN SELECT RAISE(ABORT, 'injected event failure'); END",
        );
      },
      async dispose() {
        await store.close();
        rmSync(dir, { recursive: true, force: true });
      },
    };
  });
}
