import type { FastifyInstance } from 'fastify';
import { systemTenant } from '../../lib/context.js';
import { IMPORT_JOB, runImportJob } from './import.js';
import { bankAccountRoutes } from './routes/bank-accounts.routes.js';
import { importRoutes } from './routes/imports.routes.js';
import { mappingRoutes } from './routes/mappings.routes.js';
import { rowRoutes } from './routes/rows.routes.js';
import { ruleRoutes } from './routes/rules.routes.js';

/**
 * The bank statement routes, one registration function per resource (routes/*.routes.ts: bank accounts,
 * imports, rows, rules, column mappings), in this order; each calls the module's actions and never queries the
 * database. Also the worker of the large-file import job.
 */
export async function bankStatementRoutes(app: FastifyInstance) {
  await app.deps.queue.work<{ companyId: number; importId: number }>(IMPORT_JOB, async (job) => {
    await runImportJob(systemTenant(app.deps.db, job.data.companyId), job.data.importId, app.deps.storage);
  });
  bankAccountRoutes(app);
  importRoutes(app);
  rowRoutes(app);
  ruleRoutes(app);
  mappingRoutes(app);
}
