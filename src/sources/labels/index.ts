export { parseCsv } from './parse-csv.js';
export { readLabelFile, type LabelRow } from './read-label-file.js';
