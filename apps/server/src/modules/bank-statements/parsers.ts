/**
 * The bank statement parsers: the format suite lives in formats/ (one file per format, the shared interface
 * in formats/types.ts, the registry in formats/index.ts). This entry is what parsers.test.ts (the shared
 * suite) and the benches import.
 */
export * from './formats/index.js';
