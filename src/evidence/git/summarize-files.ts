import type { CommitFileChange } from '../../core/index.js';
import { classifyPath } from './classify-path.js';

/** The file-kind flags a CommitRecord carries. */
export interface FileSummary {
  touchesTests: boolean;
  touchesDocs: boolean;
  /** True when at least one file changed and every changed file is config. */
  configOnly: boolean;
}

/** Derives touchesTests, touchesDocs and configOnly from the files a commit changed. */
export function summarizeFiles(files: readonly Pick<CommitFileChange, 'path'>[]): FileSummary {
  let touchesTests = false;
  let touchesDocs = false;
  let allConfig = files.length > 0;
  for (const file of files) {
    const kind = classifyPath(file.path);
    if (kind === 'test') touchesTests = true;
    else if (kind === 'docs') touchesDocs = true;
    if (kind !== 'config') allConfig = false;
  }
  return { touchesTests, touchesDocs, configOnly: allConfig };
}
