/**
 * Attendance benchmark (part of `npm run bench`): one company with 300 employees and a year of weekday
 * shifts (≈ 70,000 days; January–October closed, November open), then p50/p95 of the month grid of one
 * employee and the month totals of all 300 — each beside GET /api/health and the raw SQL that reads the
 * same rows, measured in the same run. Targets (issue 14): grid ≤ 30 ms, 300 employees' totals ≤ 300 ms.
 * On the embedded database and, when one answers, on PostgreSQL. BENCH_ATT_EMPLOYEES / BENCH_RUNS shrink it.
 */
import { performance } from 'node:perf_hooks';
import { addDays, datesOf, holidayName, todayInTokyo, weekdayOf } from '@chobo/core';
import { sql } from 'drizzle-orm';
import { type Database, openDatabase, runMigrations } from '../src/db/client.js';
import { attendanceDays, employees } from '../src/db/schema/index.js';
import { systemCompanyCtx } from '../src/lib/context.js';
import { closeMonth } from '../src/modules/attendance/attendance-actions.js';
import { createCompany, createUser, signIn } from '../src/test/harness.js';
import { onPostgresIfReachable } from './on-postgres.js';
import { benchApp, timed } from './support.js';

const EMPLOYEES = Number(process.env.BENCH_ATT_EMPLOYEES ?? 300);
const RUNS = Number(process.env.BENCH_RUNS ?? 40);
const YEAR = 2026;
const OPEN_MONTH = '2026-11';

async function run(label: string, open: () => Promise<Database>) {
  const database = await open();
  await runMigrations(database);
  const app = await benchApp(database);
  // the month under test is open and its days lie before "today"
  app.deps.clock = () => new Date('2026-11-30T03:00:00Z');
  const company = await createCompany(database.db);
  const owner = await createUser(database.db, { role: 'company', companyId: company.id });
  const staff = await database.db
    .insert(employees)
    .values(
      Array.from({ length: EMPLOYEES }, (_, i) => ({
        company_id: company.id,
        code: `B${String(i + 1).padStart(4, '0')}`,
        name: `ベンチ 社員${i + 1}`,
        hire_date: '2020-04-01',
      })),
    )
    .returning({ id: employees.id });
  const t0 = performance.now();
  const workdays = datesOf(`${YEAR}-01-01`, addDays(`${OPEN_MONTH}-01`, 28)).filter(
    (d) => weekdayOf(d) >= 1 && weekdayOf(d) <= 5 && !holidayName(d),
  );
  let batch: (typeof attendanceDays.$inferInsert)[] = [];
  for (const [k, e] of staff.entries()) {
    for (const [j, date] of workdays.entries()) {
      const late = (j + k) % 9 === 0 ? 150 : (j + k) % 5 === 0 ? 60 : 0; // some overtime
      batch.push({
        company_id: company.id,
        employee_id: e.id,
        date,
        clock_in: new Date(`${date}T09:00:00+09:00`),
        clock_out: new Date(Date.parse(`${date}T18:00:00+09:00`) + late * 60_000),
        breaks: [
          {
            start: new Date(`${date}T12:00:00+09:00`).toISOString(),
            end: new Date(`${date}T13:00:00+09:00`).toISOString(),
          },
        ],
      });
      if (batch.length >= 2000) {
        await database.db.insert(attendanceDays).values(batch);
        batch = [];
      }
    }
  }
  if (batch.length) await database.db.insert(attendanceDays).values(batch);
  const ctx = systemCompanyCtx(database.db, company.id, owner.id);
  for (let m = 1; m <= 10; m++) {
    await closeMonth({ ctx, input: { month: `${YEAR}-${String(m).padStart(2, '0')}`, today: todayInTokyo() } });
  }
  await database.db.execute(sql`analyze`);
  const loadSeconds = ((performance.now() - t0) / 1000).toFixed(1);
  const counted = (await database.db.execute(sql`select count(*)::int as n from attendance_days`)) as unknown as {
    rows: { n: number }[];
  };
  const dayCount = counted.rows[0].n;

  const token = await signIn(app, owner.email, 'correct-horse-42');
  const headers = { authorization: `Bearer ${token}` };
  const get = (url: string) => app.inject({ method: 'GET', url, headers });
  const time = (fn: () => Promise<{ statusCode?: number; body?: string }>, runs = RUNS) => timed(fn, { runs });
  const rows: Record<string, string>[] = [];
  const baseline = await time(() => get('/api/health'));
  const add = (name: string, s: { p50: number; p95: number }, target: string) =>
    rows.push({
      case: name,
      'p50 ms': s.p50.toFixed(2),
      'p95 ms': s.p95.toFixed(2),
      '× baseline': (s.p50 / baseline.p50).toFixed(1),
      target,
    });
  add('baseline GET /api/health', baseline, '');
  const one = staff[Math.floor(staff.length / 2)].id;
  add(
    'raw SQL: one employee, days of the grid (week before + month)',
    await time(async () => {
      await database.db.execute(
        sql`select id, date, clock_in, clock_out, breaks from attendance_days where company_id = ${company.id} and employee_id = ${one} and date between '2026-10-26' and '2026-11-30' order by date`,
      );
      return {};
    }),
    '',
  );
  add(
    'GET /api/company/attendance (one employee, one month)',
    await time(() => get(`/api/company/attendance?employee_id=${one}&month=${OPEN_MONTH}`)),
    '≤ 30 ms',
  );
  add(
    `raw SQL: ${EMPLOYEES} employees' days of the month`,
    await time(async () => {
      await database.db.execute(
        sql`select employee_id, date, clock_in, clock_out, breaks from attendance_days where company_id = ${company.id} and date between '2026-10-26' and '2026-11-30' order by employee_id, date`,
      );
      return {};
    }, 20),
    '',
  );
  add(
    `GET /api/company/attendance/summary (${EMPLOYEES} employees, alerts)`,
    await time(() => get(`/api/company/attendance/summary?month=${OPEN_MONTH}`), 20),
    '≤ 300 ms',
  );
  add('GET /api/company/attendance/today', await time(() => get('/api/company/attendance/today'), 20), '');
  console.log(
    `\n${label}: ${EMPLOYEES} employees, ${dayCount.toLocaleString('en-US')} days (${YEAR}-01…10 closed, ${OPEN_MONTH} open; loaded in ${loadSeconds} s), sequential requests`,
  );
  console.table(rows);
  await app.close();
  await database.close();
}

await run('embedded PGlite (in memory)', () => openDatabase({ dataDir: 'memory://' }));
await onPostgresIfReachable('PostgreSQL', run);
