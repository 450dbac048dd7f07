export * from './customers.js';
export * from './identity.js';
export * from './infos.js';
export * from './invitations.js';
export * from './settings.js';
