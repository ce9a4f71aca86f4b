/** The library surface of taskeval: the contract core, evidence, sources, judge, store and runs. */
export * from './core/index.js';
export * from './evidence/index.js';
export * from './sources/index.js';
export * from './judge/index.js';
export * from './store/index.js';
export * from './runs/index.js';
