import { addDays, formatDateJa, todayInTokyo } from '@chobo/core';
import { and, eq } from 'drizzle-orm';
import iconv from 'iconv-lite';
import { describe, expect, it } from 'vitest';
import { attendanceDays, auditLogs, employees } from '../../db/schema/index.js';
import { client, companyOwner, createUser, signIn, TEST_PASSWORD, useTestApp } from '../../test/harness.js';

const ctx = useTestApp();

const URL = '/api/company/attendance';
const at = (date: string, hm: string) => `${date}T${hm}:00+09:00`;
const setNow = (iso: string) => {
  ctx.app.deps.clock = () => new Date(iso);
};

let seq = 0;
async function employeeOf(companyId: number, opts: { login?: boolean } = {}) {
  seq += 1;
  const user = opts.login === false ? null : await createUser(ctx.db, { role: 'employee', companyId });
  const [row] = await ctx.db
    .insert(employees)
    .values({ company_id: companyId, code: `A${seq}`, name: `従業員 ${seq}`, user_id: user?.id ?? null })
    .returning();
  const api = user ? client(ctx.app, await signIn(ctx.app, user.email)) : null;
  return { employee: row, user, api };
}

const day = (employee_id: number, date: string, from: string, to: string, reason = '打刻漏れ', toDate = date) => ({
  employee_id,
  date,
  clock_in: at(date, from),
  clock_out: at(toDate, to),
  breaks: [{ start: at(date, '12:00'), end: at(date, '13:00') }],
  reason,
});

describe('clocking as an employee', () => {
  it('in → break → out at the server time; the grid shows the day; double in and out without in are 422', async () => {
    const owner = await companyOwner(ctx);
    const { employee, api } = await employeeOf(owner.company.id);
    if (!api) throw new Error('no api');

    setNow('2026-04-06T00:00:00Z'); // 09:00 JST, a Monday
    expect((await api.post(`${URL}/clock`, { action: 'out' })).statusCode).toBe(422);
    const first = await api.post(`${URL}/clock`, { action: 'in' });
    expect(first.statusCode).toBe(200);
    expect(first.json().data).toMatchObject({ state: 'working', date: '2026-04-06' });
    const again = await api.post(`${URL}/clock`, { action: 'in' });
    expect(again.statusCode).toBe(422);
    expect(again.json().message).toContain('すでに出勤');

    setNow('2026-04-06T03:00:00Z'); // 12:00
    expect((await api.post(`${URL}/clock`, { action: 'break_end' })).statusCode).toBe(422);
    expect((await api.post(`${URL}/clock`, { action: 'break_start' })).json().data.state).toBe('on_break');
    setNow('2026-04-06T04:00:00Z'); // 13:00
    expect((await api.post(`${URL}/clock`, { action: 'break_end' })).json().data.state).toBe('working');
    setNow('2026-04-06T13:30:00Z'); // 22:30
    const out = await api.post(`${URL}/clock`, { action: 'out' });
    expect(out.json().data.state).toBe('finished');
    expect((await api.get(`${URL}/clock`)).json().data.state).toBe('finished');

    const month = await api.get(`${URL}?month=2026-04`);
    expect(month.statusCode).toBe(200);
    const data = month.json().data;
    expect(data.employee.id).toBe(employee.id);
    expect(data.days).toHaveLength(30);
    const d = data.days.find((x: { date: string }) => x.date === '2026-04-06');
    expect(d).toMatchObject({ worked_minutes: 750, overtime_minutes: 270, late_night_minutes: 30, weekday: 1 });
    expect(data.days.find((x: { date: string }) => x.date === '2026-04-29').holiday_name).toBe('昭和の日');
    expect(data.totals).toMatchObject({ worked_minutes: 750, overtime_minutes: 270, days_worked: 1 });

    // the owner's company today view
    setNow('2026-04-07T01:00:00Z');
    const today = await owner.api.get(`${URL}/today`);
    expect(today.statusCode).toBe(200);
    expect(today.json().data.employees[0]).toMatchObject({ id: employee.id, state: 'not_started' });
    // and an employee cannot open it
    expect((await api.get(`${URL}/today`)).statusCode).toBe(403);
  });

  it('a night shift clocks out on the next day and belongs to the day it started', async () => {
    const owner = await companyOwner(ctx);
    const { api } = await employeeOf(owner.company.id);
    if (!api) throw new Error('no api');
    setNow('2026-04-07T13:00:00Z'); // 22:00 Tue
    await api.post(`${URL}/clock`, { action: 'in' });
    setNow('2026-04-07T22:00:00Z'); // 07:00 Wed
    expect((await api.get(`${URL}/clock`)).json().data.state).toBe('working');
    const out = await api.post(`${URL}/clock`, { action: 'out' });
    expect(out.statusCode).toBe(200);
    const d = (await api.get(`${URL}?month=2026-04`))
      .json()
      .data.days.find((x: { date: string }) => x.date === '2026-04-07');
    expect(d).toMatchObject({ worked_minutes: 540, late_night_minutes: 420, overtime_minutes: 60 });
  });

  it('a forgotten 退勤 does not block the next day: 出勤 works after 16 h and the grid flags the open day', async () => {
    const owner = await companyOwner(ctx);
    const { api } = await employeeOf(owner.company.id);
    if (!api) throw new Error('no api');
    setNow('2026-04-13T00:00:00Z'); // Mon 09:00
    await api.post(`${URL}/clock`, { action: 'in' });
    setNow('2026-04-13T12:00:00Z'); // 21:00, still the same shift
    expect((await api.post(`${URL}/clock`, { action: 'in' })).statusCode).toBe(422);
    setNow('2026-04-14T00:00:00Z'); // Tue 09:00: Monday's shift is stale
    expect((await api.get(`${URL}/clock`)).json().data.state).toBe('not_started');
    expect((await api.post(`${URL}/clock`, { action: 'break_start' })).statusCode).toBe(422);
    expect((await api.post(`${URL}/clock`, { action: 'in' })).statusCode).toBe(200);
    const grid = (await api.get(`${URL}?month=2026-04`)).json().data;
    expect(grid.alerts).toContainEqual(expect.objectContaining({ code: 'missing_clock_out', date: '2026-04-13' }));
  });
});

describe('whose records', () => {
  it('an employee reads only their own: another employee of the company is 403, another company’s is 404', async () => {
    const owner = await companyOwner(ctx);
    const a = await employeeOf(owner.company.id);
    const b = await employeeOf(owner.company.id, { login: false });
    const other = await companyOwner(ctx);
    const c = await employeeOf(other.company.id, { login: false });
    if (!a.api) throw new Error('no api');
    expect((await a.api.get(`${URL}?employee_id=${a.employee.id}&month=2026-04`)).statusCode).toBe(200);
    expect((await a.api.get(`${URL}?employee_id=${b.employee.id}&month=2026-04`)).statusCode).toBe(403);
    expect((await a.api.get(`${URL}?employee_id=${c.employee.id}&month=2026-04`)).statusCode).toBe(404);
    // writes: a manager's create is not open to an employee
    expect((await a.api.post(URL, day(b.employee.id, '2026-04-06', '09:00', '18:00'))).statusCode).toBe(403);
    expect((await a.api.post(URL, day(a.employee.id, '2026-04-06', '09:00', '18:00'))).statusCode).toBe(403);
    // the manager of another company sees neither
    expect((await other.api.get(`${URL}?employee_id=${a.employee.id}&month=2026-04`)).statusCode).toBe(404);
    expect((await other.api.post(URL, day(a.employee.id, '2026-04-06', '09:00', '18:00'))).statusCode).toBe(404);
    // the manager reads any employee of the company
    expect((await owner.api.get(`${URL}?employee_id=${b.employee.id}&month=2026-04`)).statusCode).toBe(200);
  });
});

describe('manager edits', () => {
  it('creates a missing day and edits it with a reason; history shows who, before, after and why; 409 when stale', async () => {
    const owner = await companyOwner(ctx);
    const { employee } = await employeeOf(owner.company.id, { login: false });
    setNow('2026-05-01T03:00:00Z');

    const noReason = await owner.api.post(URL, { ...day(employee.id, '2026-04-08', '09:00', '18:00'), reason: '' });
    expect(noReason.statusCode).toBe(422);
    expect(noReason.json().errors.reason[0]).toBe('修正理由を入力してください');
    const backwards = await owner.api.post(URL, day(employee.id, '2026-04-08', '18:00', '09:00'));
    expect(backwards.statusCode).toBe(422);
    expect(backwards.json().errors.clock_out[0]).toContain('退勤時刻は出勤時刻より後');
    const [{ n }] = await ctx.db
      .select({ n: attendanceDays.id })
      .from(attendanceDays)
      .where(eq(attendanceDays.employee_id, employee.id))
      .then((r) => [{ n: r.length }]);
    expect(n).toBe(0);

    const future = await owner.api.post(URL, day(employee.id, '2026-05-02', '09:00', '18:00'));
    expect(future.statusCode).toBe(422);
    expect(future.json().errors.date[0]).toBe('明日以降の日付は登録できません');
    const created = await owner.api.post(URL, day(employee.id, '2026-04-08', '09:00', '18:00', '打刻忘れのため'));
    expect(created.statusCode).toBe(201);
    const { id, updated_at } = created.json().data;
    expect((await owner.api.post(URL, day(employee.id, '2026-04-08', '09:00', '18:00'))).statusCode).toBe(422);

    const edited = await owner.api.put(`${URL}/${id}`, {
      ...day(employee.id, '2026-04-08', '09:00', '20:00', '残業申請の反映'),
      updated_at,
    });
    expect(edited.statusCode).toBe(200);
    const stale = await owner.api.put(`${URL}/${id}`, {
      ...day(employee.id, '2026-04-08', '09:00', '19:00'),
      updated_at,
    });
    expect(stale.statusCode).toBe(409);
    const missingStamp = await owner.api.put(`${URL}/${id}`, day(employee.id, '2026-04-08', '09:00', '19:00'));
    expect(missingStamp.statusCode).toBe(422);

    const grid = (await owner.api.get(`${URL}?employee_id=${employee.id}&month=2026-04`)).json().data;
    const d = grid.days.find((x: { date: string }) => x.date === '2026-04-08');
    expect(d).toMatchObject({ worked_minutes: 600, overtime_minutes: 120 });
    expect(d.history.map((h: { action: string; reason: string }) => [h.action, h.reason])).toEqual([
      ['create', '打刻忘れのため'],
      ['update', '残業申請の反映'],
    ]);
    expect(d.history[1].actor_name).toBe(owner.user.name);
    expect(d.history[1].before.clock_out).toBe('2026-04-08T09:00:00.000Z');
    expect(d.history[1].after.clock_out).toBe('2026-04-08T11:00:00.000Z');
    const audits = await ctx.db
      .select()
      .from(auditLogs)
      .where(and(eq(auditLogs.company_id, owner.company.id), eq(auditLogs.action, 'attendance.update')));
    expect(audits).toHaveLength(1);

    // the edit page's read; another company's id is 404
    expect((await owner.api.get(`${URL}/${id}`)).json().data.employee.id).toBe(employee.id);
    const other = await companyOwner(ctx);
    expect((await other.api.get(`${URL}/${id}`)).statusCode).toBe(404);
    expect(
      (await other.api.put(`${URL}/${id}`, { ...day(employee.id, '2026-04-08', '09:00', '19:00'), updated_at }))
        .statusCode,
    ).toBe(404);
  });
});

describe('month close', () => {
  it('a closed month refuses clocking and edits (422) until the owner reopens it; both audited', async () => {
    const owner = await companyOwner(ctx);
    const { employee, api } = await employeeOf(owner.company.id);
    if (!api) throw new Error('no api');
    setNow('2026-04-09T00:00:00Z');
    await api.post(`${URL}/clock`, { action: 'in' });
    setNow('2026-04-09T09:00:00Z');
    await api.post(`${URL}/clock`, { action: 'out' });
    const grid = (await owner.api.get(`${URL}?employee_id=${employee.id}&month=2026-04`)).json().data;
    const d = grid.days.find((x: { date: string }) => x.date === '2026-04-09');

    const close = await owner.api.post(`${URL}/close`, { month: '2026-04' });
    expect(close.statusCode).toBe(200);
    expect((await owner.api.post(`${URL}/close`, { month: '2026-04' })).statusCode).toBe(422);
    expect((await owner.api.get(`${URL}?employee_id=${employee.id}&month=2026-04`)).json().data.locked).toBe(true);

    const edit = await owner.api.put(`${URL}/${d.id}`, {
      ...day(employee.id, '2026-04-09', '09:00', '19:00'),
      updated_at: d.updated_at,
    });
    expect(edit.statusCode).toBe(422);
    expect(edit.json().message).toContain('2026年4月は締め済み');
    expect((await owner.api.post(URL, day(employee.id, '2026-04-10', '09:00', '18:00'))).statusCode).toBe(422);
    setNow('2026-04-10T00:00:00Z');
    const clockIn = await api.post(`${URL}/clock`, { action: 'in' });
    expect(clockIn.statusCode).toBe(422);
    expect(
      (await api.post(`${URL}/corrections`, { ...day(employee.id, '2026-04-09', '09:00', '19:00') })).statusCode,
    ).toBe(422);
    // an employee cannot close or reopen
    expect((await api.post(`${URL}/reopen`, { month: '2026-04' })).statusCode).toBe(403);

    expect((await owner.api.post(`${URL}/reopen`, { month: '2026-04' })).statusCode).toBe(200);
    expect((await api.post(`${URL}/clock`, { action: 'in' })).statusCode).toBe(200);
    const actions = (
      await ctx.db.select({ a: auditLogs.action }).from(auditLogs).where(eq(auditLogs.company_id, owner.company.id))
    ).map((r) => r.a);
    expect(actions).toEqual(expect.arrayContaining(['attendance.close', 'attendance.reopen']));
  });
});

describe('corrections, overview and CSV', () => {
  it('an employee requests a correction; the manager approves it and the day changes with the reason in history', async () => {
    const owner = await companyOwner(ctx);
    const { employee, api } = await employeeOf(owner.company.id);
    if (!api) throw new Error('no api');
    setNow('2026-04-20T00:00:00Z');
    const { employee_id: _e, ...body } = day(employee.id, '2026-04-14', '09:00', '18:00', '打刻を忘れました');
    const req = await api.post(`${URL}/corrections`, body);
    expect(req.statusCode).toBe(201);
    expect((await api.get(`${URL}/corrections`)).json().data).toHaveLength(1);
    const pending = (await owner.api.get(`${URL}/corrections`)).json().data;
    expect(pending[0]).toMatchObject({ status: 'pending', reason: '打刻を忘れました' });
    expect((await api.post(`${URL}/corrections/${pending[0].id}/approve`, {})).statusCode).toBe(403);
    const ok = await owner.api.post(`${URL}/corrections/${pending[0].id}/approve`, { note: '' });
    expect(ok.statusCode).toBe(200);
    expect((await owner.api.post(`${URL}/corrections/${pending[0].id}/reject`, {})).statusCode).toBe(422);
    const d = (await api.get(`${URL}?month=2026-04`))
      .json()
      .data.days.find((x: { date: string }) => x.date === '2026-04-14');
    expect(d).toMatchObject({ worked_minutes: 480 });
    expect(d.history[0]).toMatchObject({ action: 'correction', reason: '打刻を忘れました' });
  });

  it('summary of all employees with 36協定 alerts, and the payroll CSV', async () => {
    const owner = await companyOwner(ctx);
    const { employee } = await employeeOf(owner.company.id, { login: false });
    const quiet = await employeeOf(owner.company.id, { login: false });
    setNow('2026-06-01T03:00:00Z');
    // May 2026: 12 h days on every weekday but the holidays → 4 h overtime a day
    const weekdays = ['2026-05-07', '2026-05-08', '2026-05-11', '2026-05-12', '2026-05-13', '2026-05-14', '2026-05-15'];
    const more = ['2026-05-18', '2026-05-19', '2026-05-20', '2026-05-21', '2026-05-22'];
    for (const date of [...weekdays, ...more]) {
      const res = await owner.api.post(URL, day(employee.id, date, '08:00', '21:00', '一括登録'));
      expect(res.statusCode).toBe(201);
    }
    // 12 days × 4 h = 48 h overtime → over 45 h
    const summary = (await owner.api.get(`${URL}/summary?month=2026-05`)).json().data;
    const row = summary.rows.find((x: { id: number }) => x.id === employee.id);
    expect(row.totals.overtime_minutes).toBe(48 * 60);
    expect(row.alerts.map((a: { code: string; level: string }) => `${a.code}:${a.level}`)).toContain(
      'monthly_45h:alert',
    );
    const quietRow = summary.rows.find((x: { id: number }) => x.id === quiet.employee.id);
    expect(quietRow.alerts.filter((a: { code: string }) => a.code === 'monthly_45h')).toEqual([]);

    const csv = await owner.api.get(`${URL}/export?month=2026-05`);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    const text = csv.body;
    expect(text.charCodeAt(0)).toBe(0xfeff);
    const lines = text.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '社員番号,氏名,日付,曜日,祝日,出勤,退勤,休憩(分),労働時間(分),時間外(分),時間外60h超(分),深夜(分),休日(分),休憩,労働時間,時間外,深夜,休日,備考',
    );
    expect(lines).toHaveLength(13);
    expect(lines[1]).toBe(
      `${employee.code},${employee.name},2026/05/07,木,,08:00,21:00,60,720,240,0,0,0,1:00,12:00,4:00,0:00,0:00,`,
    );
    const sjis = await owner.api.get(`${URL}/export?month=2026-05&encoding=sjis`);
    expect(sjis.headers['content-type']).toContain('Shift_JIS');
  });
});

describe('the payroll import CSV (kind=monthly)', () => {
  it('one line per employee employed in the period with the month totals; dates YYYY/MM/DD; UTF-8 or Shift_JIS', async () => {
    const owner = await companyOwner(ctx);
    const { employee } = await employeeOf(owner.company.id, { login: false });
    const idle = await employeeOf(owner.company.id, { login: false });
    const gone = await employeeOf(owner.company.id, { login: false });
    await ctx.db.update(employees).set({ daily_hours_milli: 7500 }).where(eq(employees.id, employee.id));
    await ctx.db
      .update(employees)
      .set({ hire_date: '2026-01-05', leave_date: '2026-05-31' })
      .where(eq(employees.id, gone.employee.id));
    setNow('2026-06-09T03:00:00Z');
    // June 2026 (Mon 1 … Sun 7 = 法定休日), 7.5 h contracted, a 60 min break each day
    const days: [string, string, string][] = [
      ['2026-06-01', '09:00', '18:00'], // 480: 所定内 450 + 法定内残業 30
      ['2026-06-02', '09:00', '21:00'], // 660: 450 + 30 + 法定外 180
      ['2026-06-03', '10:00', '18:00'], // 420: 遅刻・早退 30
      ['2026-06-06', '09:00', '14:00'], // 土曜 240: 法定内残業
      ['2026-06-07', '09:00', '13:00'], // 法定休日 180
    ];
    for (const [date, from, to] of days) {
      expect((await owner.api.post(URL, day(employee.id, date, from, to))).statusCode).toBe(201);
    }
    const res = await owner.api.get(`${URL}/export?month=2026-06&kind=monthly`);
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-disposition']).toContain('attendance-monthly-2026-06.csv');
    const lines = res.body.slice(1).trim().split('\r\n');
    expect(lines[0]).toBe(
      '社員番号,氏名,期間開始,期間終了,出勤日数,欠勤日数,総労働時間(分),所定内(分),法定内残業(分),法定外残業(分),60時間超(分),深夜(分),法定休日(分),遅刻早退回数,遅刻早退時間(分),総労働時間,所定内,法定内残業,法定外残業,60時間超,深夜,法定休日,遅刻早退時間',
    );
    expect(lines.slice(1)).toEqual([
      // absent 6/4, 6/5, 6/8 (today 6/9)
      `${employee.code},${employee.name},2026/06/01,2026/06/30,5,3,1980,1320,300,180,0,0,180,1,30,33:00,22:00,5:00,3:00,0:00,0:00,3:00,0:30`,
      `${idle.employee.code},${idle.employee.name},2026/06/01,2026/06/30,0,6,0,0,0,0,0,0,0,0,0,0:00,0:00,0:00,0:00,0:00,0:00,0:00,0:00`,
    ]);
    const sjis = await owner.api.get(`${URL}/export?month=2026-06&kind=monthly&encoding=sjis`);
    expect(sjis.headers['content-type']).toContain('Shift_JIS');
    expect(iconv.decode(sjis.rawPayload, 'cp932').split('\r\n')[0]).toBe(lines[0]);
    const bad = await owner.api.get(`${URL}/export?month=2026-06&kind=weekly`);
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.kind).toEqual(['種類は daily または monthly で指定してください']);
  });
});

describe('退職日: from the day after it an employee can neither sign in, keep a session, nor clock', () => {
  it('on 退職日 itself everything works; the day after, sign-in 403, the session 401, no renewal', async () => {
    const owner = await companyOwner(ctx);
    const today = todayInTokyo();
    const { employee, user, api } = await employeeOf(owner.company.id);
    if (!api || !user) throw new Error('no api');
    await ctx.db.update(employees).set({ leave_date: today }).where(eq(employees.id, employee.id));
    expect((await api.get('/api/me')).statusCode).toBe(200);
    expect((await api.get(`${URL}/clock`)).statusCode).toBe(200);
    const yesterday = addDays(today, -1);
    // the session was checked (and its lookup kept) above: the change of 退職日 must show at once
    await ctx.db.update(employees).set({ leave_date: yesterday }).where(eq(employees.id, employee.id));
    const me = await api.get('/api/me');
    expect(me.statusCode).toBe(401);
    expect(me.json().message).toBe(`退職日（${formatDateJa(yesterday)}）を過ぎているため利用できません`);
    expect(me.headers['x-new-token']).toBeUndefined();
    const login = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: TEST_PASSWORD },
    });
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toBe(`退職日（${formatDateJa(yesterday)}）を過ぎているためログインできません`);
    // a wrong password still answers the generic message (the leave date is not revealed to a guesser)
    const wrong = await ctx.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: user.email, password: 'wrong-password-1' },
    });
    expect(wrong.statusCode).toBe(422);
  });

  it('clocking is refused from the day after 退職日 (server time), with nothing stored', async () => {
    const owner = await companyOwner(ctx);
    const { employee, api } = await employeeOf(owner.company.id);
    if (!api) throw new Error('no api');
    const leave = addDays(todayInTokyo(), 30);
    await ctx.db.update(employees).set({ leave_date: leave }).where(eq(employees.id, employee.id));
    try {
      setNow(at(addDays(leave, 1), '09:00'));
      const res = await api.post(`${URL}/clock`, { action: 'in' });
      expect(res.statusCode).toBe(422);
      expect(res.json().errors.action).toEqual([`退職日（${formatDateJa(leave)}）を過ぎているため打刻できません`]);
      expect(await ctx.db.select().from(attendanceDays).where(eq(attendanceDays.employee_id, employee.id))).toEqual([]);
      setNow(at(leave, '09:00'));
      expect((await api.post(`${URL}/clock`, { action: 'in' })).statusCode).toBe(200);
    } finally {
      ctx.app.deps.clock = () => new Date();
    }
  });
});
