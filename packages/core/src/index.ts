export * from './contracts/auth.js';
export * from './contracts/common.js';
export * from './contracts/customers.js';
export * from './format.js';
export * from './money.js';
export * from './permissions.js';
export * from './prefectures.js';
export * from './validators.js';
