export * from './account-settings.js';
export * from './customers.js';
export * from './employees.js';
export * from './identity.js';
export * from './infos.js';
export * from './invitations.js';
export * from './products.js';
export * from './settings.js';
