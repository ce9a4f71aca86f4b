import type { CommitFileChange } from '../../core/index.js';
import { classifyPath } from './classify-path.js';

/** The file-kind flags a CommitRecord carries. */
export interface FileSummary {
  touchesTests: boolean;
  touchesDocs: boolean;
  /** True when at least one file changed and every changed file is config. */
  configOnly: boolean;
  /** True when at least one changed file is classified as code. */
  touchesCode: boolean;
}

/** Derives touchesTests, touchesDocs, configOnly and touchesCode from the files a commit changed. */
export function summarizeFiles(files: readonly Pick<CommitFileChange, 'path'>[]): FileSummary {
  let touchesTests = false;
  let touchesDocs = false;
  let touchesCode = false;
  let allConfig = files.length > 0;
  for (const file of files) {
    const kind = classifyPath(file.path);
    if (kind === 'test') touchesTests = true;
    else if (kind === 'docs') touchesDocs = true;
    else if (kind === 'code') touchesCode = true;
    if (kind !== 'config') allConfig = false;
  }
  return { touchesTests, touchesDocs, configOnly: allConfig, touchesCode };
}
