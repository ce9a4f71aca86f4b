export { readGitPulls, FETCH_PULLS } from './read-git-pulls.js';
export { readPullExport, GH_PR_EXPORT } from './read-pull-export.js';
export { readGithubPulls, GITHUB_API, REQUESTS_PER_PULL, type GithubPullsOptions } from './read-github-pulls.js';
export { countPullHeads } from './count-pull-heads.js';
