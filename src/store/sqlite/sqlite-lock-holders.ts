import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/** A process that has the store's file (or its WAL) open, as /proc shows it. */
export interface LockHolder {
  pid: number;
  command: string;
}

/**
 * The other processes that have `path`, its `-wal` or its `-shm` open, read from /proc (Linux; elsewhere, or when
 * /proc cannot be read, null: unknown). Asked only after a lock wait ran out, to name who held it.
 */
export function sqliteLockHolders(path: string): LockHolder[] | null {
  const files = new Set([path, `${path}-wal`, `${path}-shm`]);
  let pids: string[];
  try {
    pids = readdirSync('/proc').filter((name) => /^\d+$/.test(name));
  } catch {
    return null;
  }
  const holders: LockHolder[] = [];
  for (const pid of pids) {
    if (Number(pid) === process.pid) continue;
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // gone, or another user's
    }
    const holds = fds.some((fd) => {
      try {
        return files.has(readlinkSync(`/proc/${pid}/fd/${fd}`));
      } catch {
        return false;
      }
    });
    if (!holds) continue;
    let command = '';
    try {
      command = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0').filter(Boolean).join(' ');
    } catch {
      // ended meanwhile
    }
    holders.push({ pid: Number(pid), command: command.length > 120 ? `${command.slice(0, 117)}...` : command });
  }
  return holders;
}

/** Who held the lock, in words for an error message. */
export function describeLockHolders(holders: LockHolder[] | null): string {
  if (holders === null) return 'another connection';
  if (holders.length === 0) return 'no other process (a connection of this process: another store open on the file)';
  return holders.map((h) => `pid ${h.pid}${h.command ? ` (${h.command})` : ''}`).join(', ');
}
