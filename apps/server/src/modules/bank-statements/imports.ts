/**
 * The bank import's actions, by step: import.ts (parse, check, dry run, import, job, start-up recovery) on
 * import-store.ts (storing rows) and fingerprints.ts; review.ts (imports, rows with suggestions.ts's
 * suggestions, balance check, 対象外); confirm.ts; revert.ts. This entry is what main.ts, the demo seed, the
 * benches and the tests import.
 */
export { confirmRows, SOURCE_TYPE } from './confirm.js';
export { descriptionKey, fingerprints } from './fingerprints.js';
export {
  dryRun,
  IMPORT_BUSY,
  IMPORT_INTERRUPTED,
  IMPORT_JOB,
  type ImportInput,
  importStatement,
  JOB_THRESHOLD_ROWS,
  parseStatement,
  recoverInterruptedImports,
  runImportJob,
} from './import.js';
export {
  arrayLiteral,
  copyCsv,
  deleteImportRows,
  IMPORT_FAILED,
  importHooks,
  storedFingerprints,
} from './import-store.js';
export { revertImport } from './revert.js';
export {
  balanceCheck,
  IMPORT_NOT_FOUND,
  importFile,
  listImports,
  loadImport,
  loadImportDetail,
  setRowsIgnored,
} from './review.js';
export { loadCompiledRules } from './suggestions.js';
export { visibleImports } from './visibility.js';
