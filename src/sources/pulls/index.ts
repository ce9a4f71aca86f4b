export { readGitPulls, FETCH_PULLS, type GitPull, type GitPullState } from './read-git-pulls.js';
export { readPullExport, GH_PR_EXPORT } from './read-pull-export.js';
