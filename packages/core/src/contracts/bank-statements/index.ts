/**
 * Bank statement contracts, one file per resource: bank accounts, imports (formats, history, dry run,
 * detail), rows (suggestions, a person's edit), confirm, rules, column mappings.
 */
export * from './bank-accounts.js';
export * from './confirm.js';
export * from './imports.js';
export * from './mappings.js';
export * from './rows.js';
export * from './rules.js';
