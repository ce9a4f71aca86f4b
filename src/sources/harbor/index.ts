export { isHarborJob, readHarborJob, readHarborTrials, type HarborTrial } from './read-harbor-job.js';
