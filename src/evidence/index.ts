export * from './git/index.js';
export * from './build-evidence-bundle.js';
export * from './bundle-digest.js';
export * from './canonical-json.js';
export * from './compare-evidence-entries.js';
export * from './content-hash.js';
export * from './derive-task-title.js';
export * from './parse-review-verdict.js';
