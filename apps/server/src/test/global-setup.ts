import { buildTemplate, TEMPLATE_ENV } from './template.js';

/** vitest globalSetup of the server project: the migrated template every test database is cloned from. */
export default async function setup() {
  const template = await buildTemplate();
  // forked workers inherit the environment; the harness reads it (and works without it, e.g. in benchmarks)
  process.env[TEMPLATE_ENV] = template.ref;
  return async () => {
    delete process.env[TEMPLATE_ENV];
    await template.drop();
  };
}
