export * from './kana.js';
export * from './transfer-file.js';
