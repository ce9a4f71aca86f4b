export { readGitPulls, FETCH_PULLS } from './read-git-pulls.js';
export { readPullExport, GH_PR_EXPORT } from './read-pull-export.js';
