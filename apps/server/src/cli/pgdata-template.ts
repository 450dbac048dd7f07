/**
 * `node dist/pgdata-template.js <file>` (run by build.mjs): writes the migrated, empty embedded database that a
 * first start loads instead of creating one (db/pgdata-template.ts, ADR 0029).
 */
import { PGDATA_TEMPLATE, writePgdataTemplate } from '../db/pgdata-template.js';

await writePgdataTemplate(process.argv[2] ?? PGDATA_TEMPLATE);
