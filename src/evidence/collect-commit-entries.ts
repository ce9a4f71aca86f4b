import { MAX_EXCERPT_LENGTH, truncateExcerpt, type CommitFileChange, type CommitRecord } from '../core/index.js';
import { makeEntry, type DraftEntry } from './make-entry.js';

/** The commits group's drafts: `commit-<sha>`, subject as label, body and a compact file list as excerpt. */
export function collectCommitEntries(taskId: string, commits: readonly CommitRecord[]): DraftEntry[] {
  return commits.map((commit) => {
    const files = commit.files ?? [];
    const fileList = compactFileList(files);
    const body = boundBody((commit.body ?? '').trim(), fileList);
    return makeEntry(taskId, {
      id: `commit-${commit.sha}`,
      source: 'commits',
      label: commit.subject,
      timestamp: commit.date,
      text: [body.excerpt, fileList].filter(Boolean).join('\n\n'),
      cut: body.truncated,
      ref: {
        sha: commit.sha,
        author: commit.author,
        date: commit.date,
        filesChanged: files.length,
        insertions: sum(files, 'insertions'),
        deletions: sum(files, 'deletions'),
        touchesTests: commit.touchesTests ?? false,
        touchesDocs: commit.touchesDocs ?? false,
        configOnly: commit.configOnly ?? false,
        touchesCode: commit.touchesCode ?? false,
        attribution: commit.attribution ?? null,
      },
      // One sha is one commit: a repeat of it is the same evidence.
      fingerprint: commit.sha,
    });
  });
}

// Shortens a long body so the file list still shows; a body never gets less than half the excerpt.
function boundBody(body: string, fileList: string): { excerpt: string; truncated: boolean } {
  const room = MAX_EXCERPT_LENGTH - (fileList ? fileList.length + 2 : 0);
  return truncateExcerpt(body, Math.max(Math.floor(MAX_EXCERPT_LENGTH / 2), room));
}

function sum(files: readonly CommitFileChange[], key: 'insertions' | 'deletions'): number {
  return files.reduce((total, file) => total + (file[key] ?? 0), 0);
}

/** `Files (3): a.ts +10 -2, b.md +1 -0, logo.png binary`, built only as far as an excerpt can show. */
function compactFileList(files: readonly CommitFileChange[]): string {
  if (files.length === 0) return '';
  let text = `Files (${files.length}):`;
  for (let i = 0; i < files.length; i++) {
    const file = files[i]!;
    const counts =
      file.insertions == null || file.deletions == null ? 'binary' : `+${file.insertions} -${file.deletions}`;
    text += `${i === 0 ? ' ' : ', '}${file.path} ${counts}`;
    if (text.length > MAX_EXCERPT_LENGTH && i < files.length - 1) {
      text += `, … ${files.length - i - 1} more`;
      break;
    }
  }
  return text;
}
