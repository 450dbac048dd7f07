export * from './customers.js';
export * from './identity.js';
