export * from './source-read-result.js';
export * from './source-config.js';
export * from './transcripts/index.js';
export * from './fusion/index.js';
export * from './select/index.js';
export * from './files/index.js';
export * from './labels/index.js';
export * from './sessions/index.js';
