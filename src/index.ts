/** The library surface of taskeval. */
export * from './core/index.js';
