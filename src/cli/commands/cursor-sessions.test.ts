import { createHash } from 'node:crypto';
import { mkdir, mkdtemp, realpath, rm, utimes, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createGitTestRepo, type GitTestRepo } from '../../evidence/git/testing/git-test-repo.js';
import { runCli } from '../run-cli.js';
import { captureIo } from '../testing/capture-io.js';

let repo: GitTestRepo;
let home: string;

async function cli(argv: string[]) {
  const io = captureIo(repo.dir, { env: { HOME: home } });
  const code = await runCli(argv, io);
  return { code, out: io.out(), err: io.err() };
}

/** A blob's id as Cursor keys it: the SHA-256 of its bytes. */
const blobId = (data: Buffer) => createHash('sha256').update(data).digest('hex');
const messageBlob = (message: object) => Buffer.from(JSON.stringify(message));
/** A linking blob: a 0x0A 0x20 tag and the child's 32-byte id per child, then the message it carries, if any. */
const linkBlob = (children: Buffer[], message?: object) =>
  Buffer.concat([
    ...children.flatMap((c) => [Buffer.from([0x0a, 0x20]), Buffer.from(blobId(c), 'hex')]),
    ...(message ? [messageBlob(message)] : []),
  ]);

/** A Cursor chat store as the agent writes it: hex JSON in `meta`, a Merkle tree of messages in `blobs`. */
async function writeChat(dir: string, meta: object, blobs: Buffer[], root: Buffer, endedAt: string): Promise<void> {
  await mkdir(dir, { recursive: true });
  const path = join(dir, 'store.db');
  const db = new Database(path);
  db.exec('CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT); CREATE TABLE blobs (id TEXT PRIMARY KEY, data BLOB)');
  db.prepare("INSERT INTO meta VALUES ('0', ?)").run(
    Buffer.from(JSON.stringify({ ...meta, latestRootBlobId: blobId(root) })).toString('hex'),
  );
  for (const blob of blobs) db.prepare('INSERT INTO blobs VALUES (?, ?)').run(blobId(blob), blob);
  db.close();
  await utimes(path, new Date(endedAt), new Date(endedAt));
}

beforeEach(async () => {
  repo = await createGitTestRepo();
  home = await mkdtemp(join(tmpdir(), 'taskeval-home-'));
  await repo.commit({ subject: 'feat(T-1): parser', files: { 'src/a.ts': 'a\n' }, date: '2026-03-02T10:30:00Z' });
  await repo.commit({ subject: 'feat(T-2): cache', files: { 'src/b.ts': 'b\n' }, date: '2026-03-04T10:30:00Z' });
});
afterEach(async () => {
  await repo.cleanup();
  await rm(home, { recursive: true, force: true });
});

describe('Cursor agent chats', () => {
  it("links the chat Cursor kept for this repository (by its path's MD5) and reads its tree of messages in order", async () => {
    const cwd = await realpath(repo.dir);
    const chats = join(home, '.cursor', 'chats');
    const user = messageBlob({
      role: 'user',
      content: '<user_info>OS linux</user_info>\n\n<user_query>\nadd a cache\n</user_query>',
    });
    const assistant = messageBlob({
      id: '1',
      role: 'assistant',
      content: [
        { type: 'reasoning', text: 'write it, then test', providerOptions: { cursor: { modelName: 'gpt-5' } } },
        { type: 'tool-call', toolCallId: 'a', toolName: 'Write', args: { path: 'src/b.ts' } },
        { type: 'tool-call', toolCallId: 'b', toolName: 'Shell', args: { command: 'npm test' } },
      ],
    });
    const wrote = messageBlob({
      role: 'tool',
      id: 'a',
      content: [{ type: 'tool-result', toolCallId: 'a', toolName: 'Write', result: 'ok', isError: false }],
    });
    const tested = {
      role: 'tool',
      id: 'b',
      content: [
        {
          type: 'tool-result',
          toolCallId: 'b',
          toolName: 'Shell',
          result: [{ type: 'text', text: '1 failed' }],
          isError: true,
        },
      ],
    };
    // The first turn sits in a node of its own; the root carries the last message after its children.
    const turn = linkBlob([user, assistant]);
    const root = linkBlob([turn, wrote], tested);
    await writeChat(
      join(chats, createHash('md5').update(cwd).digest('hex'), 'c8r-1'),
      {
        agentId: 'c8r-1',
        name: 'cache',
        mode: 'auto-run',
        createdAt: Date.parse('2026-03-04T10:00:00Z'),
        lastUsedModel: 'gpt-5',
      },
      [user, assistant, wrote, turn, root],
      root,
      '2026-03-04T10:20:00Z',
    );
    // Another project's chat, and a file in this project's folder that is not a chat store: neither is listed.
    const other = linkBlob([user]);
    await writeChat(
      join(chats, 'f'.repeat(32), 'c8r-2'),
      { agentId: 'c8r-2' },
      [user, other],
      other,
      '2026-03-04T10:20:00Z',
    );
    await mkdir(join(chats, createHash('md5').update(cwd).digest('hex'), 'broken'), { recursive: true });
    await writeFile(join(chats, createHash('md5').update(cwd).digest('hex'), 'broken', 'store.db'), 'not sqlite');

    const listed = await cli(['sessions', '--project', repo.dir, '--json']);
    expect(listed.code, listed.err).toBe(0);
    const cursor = (
      JSON.parse(listed.out) as {
        sessions: {
          agent: string;
          sessionId: string;
          model: string;
          startedAt: string;
          endedAt: string;
          taskIds: string[];
        }[];
      }
    ).sessions.filter((s) => s.agent === 'cursor');
    expect(cursor.map((s) => [s.sessionId, s.model, s.startedAt, s.endedAt, s.taskIds])).toEqual([
      ['c8r-1', 'gpt-5', '2026-03-04T10:00:00.000Z', '2026-03-04T10:20:00.000Z', ['T-2']],
    ]);

    const stored = await cli(['run', '--project', repo.dir, '--db', join(home, 'c.db'), '--json']);
    expect(stored.code, stored.err).toBe(0);
    const shown = JSON.parse((await cli(['show', 'T-2', '--db', join(home, 'c.db'), '--json'])).out) as {
      cohort: { agent: string | null; modelId: string | null };
      taskSnapshot: { agentSession?: object };
    };
    expect(shown.cohort).toMatchObject({ agent: 'cursor', modelId: 'gpt-5' });
    // Write then a failing test, paired with their own results by call id.
    expect(shown.taskSnapshot.agentSession).toMatchObject({
      steps: 2,
      edits: 1,
      failedCommands: 1,
      testRuns: 1,
      lastTestPassed: false,
    });
  });
});
