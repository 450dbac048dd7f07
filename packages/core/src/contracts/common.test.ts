import { describe, expect, it } from 'vitest';
import {
  DEFAULT_PER_PAGE,
  fieldErrors,
  listQuery,
  MAX_PER_PAGE,
  optionalText,
  pageMeta,
  requiredText,
} from './common.js';
import { customerListQuery } from './customers.js';

function errorsOf(result: { success: boolean; error?: { issues: { path: PropertyKey[]; message: string }[] } }) {
  expect(result.success).toBe(false);
  return fieldErrors(result.error!.issues);
}

describe('listQuery', () => {
  const q = listQuery(['id', 'name', 'created_at'], { defaultSort: 'name' });

  it('defaults to page 1, 20 per page, the default sort ascending and an empty keyword', () => {
    expect(DEFAULT_PER_PAGE).toBe(20);
    expect(q.parse({})).toEqual({ keyword: '', page: 1, per_page: 20, sort_by: 'name', sort_dir: 'asc' });
  });

  it('honours a per-list page size and default direction', () => {
    const invitations = listQuery(['id'], { defaultSort: 'id', defaultDir: 'desc', perPage: 10 });
    expect(invitations.parse({})).toEqual({ keyword: '', page: 1, per_page: 10, sort_by: 'id', sort_dir: 'desc' });
  });

  it('coerces query-string values', () => {
    expect(
      q.parse({ keyword: '  山田  ', page: '3', per_page: '50', sort_by: 'created_at', sort_dir: 'desc' }),
    ).toEqual({
      keyword: '山田',
      page: 3,
      per_page: 50,
      sort_by: 'created_at',
      sort_dir: 'desc',
    });
  });

  it(`accepts per_page up to ${MAX_PER_PAGE} and rejects more`, () => {
    expect(MAX_PER_PAGE).toBe(100);
    expect(q.parse({ per_page: '100' }).per_page).toBe(100);
    expect(errorsOf(q.safeParse({ per_page: '101' }))).toEqual({ per_page: ['表示件数は100以下で指定してください'] });
    expect(errorsOf(q.safeParse({ per_page: 1000 }))).toEqual({ per_page: ['表示件数は100以下で指定してください'] });
  });

  it('rejects per_page and page below 1, non-integers and non-numbers', () => {
    expect(errorsOf(q.safeParse({ per_page: '0' }))).toEqual({ per_page: ['表示件数は1以上で指定してください'] });
    expect(errorsOf(q.safeParse({ per_page: '2.5' }))).toEqual({ per_page: ['表示件数は整数で指定してください'] });
    expect(errorsOf(q.safeParse({ per_page: 'all' }))).toEqual({ per_page: ['表示件数は数値で指定してください'] });
    expect(errorsOf(q.safeParse({ page: '0' }))).toEqual({ page: ['ページは1以上で指定してください'] });
    expect(errorsOf(q.safeParse({ page: '-1' }))).toEqual({ page: ['ページは1以上で指定してください'] });
    expect(errorsOf(q.safeParse({ page: '1.5' }))).toEqual({ page: ['ページは整数で指定してください'] });
    expect(errorsOf(q.safeParse({ page: 'abc' }))).toEqual({ page: ['ページは数値で指定してください'] });
  });

  it('rejects a sort column outside the whitelist with a Japanese message', () => {
    expect(errorsOf(q.safeParse({ sort_by: 'password' }))).toEqual({ sort_by: ['並び替えの項目が正しくありません'] });
    expect(errorsOf(q.safeParse({ sort_by: 'name; DROP TABLE customers' }))).toEqual({
      sort_by: ['並び替えの項目が正しくありません'],
    });
    expect(errorsOf(q.safeParse({ sort_by: 'NAME' }))).toEqual({ sort_by: ['並び替えの項目が正しくありません'] });
  });

  it('accepts only asc and desc as the sort direction', () => {
    expect(q.parse({ sort_dir: 'asc' }).sort_dir).toBe('asc');
    expect(q.parse({ sort_dir: 'desc' }).sort_dir).toBe('desc');
    for (const dir of ['ASC', 'up', 'descending', '']) {
      expect(errorsOf(q.safeParse({ sort_dir: dir }))).toEqual({
        sort_dir: ['並び順は asc または desc で指定してください'],
      });
    }
  });

  it('limits the keyword to 200 characters', () => {
    expect(q.parse({ keyword: 'あ'.repeat(200) }).keyword).toHaveLength(200);
    expect(errorsOf(q.safeParse({ keyword: 'あ'.repeat(201) }))).toEqual({
      keyword: ['検索キーワードは200文字以内で入力してください'],
    });
  });

  it('reports every bad field at once', () => {
    expect(
      Object.keys(errorsOf(q.safeParse({ page: 'x', per_page: '101', sort_by: 'x', sort_dir: 'x' }))).sort(),
    ).toEqual(['page', 'per_page', 'sort_by', 'sort_dir']);
  });
});

describe('customerListQuery', () => {
  it('defaults to page 1, 20 per page, sorted by id descending', () => {
    expect(customerListQuery.parse({})).toEqual({
      keyword: '',
      page: 1,
      per_page: 20,
      sort_by: 'id',
      sort_dir: 'desc',
    });
  });

  it('coerces query-string values, including the filters', () => {
    expect(
      customerListQuery.parse({
        keyword: 'ABC',
        page: '2',
        per_page: '50',
        sort_by: 'name_kana',
        sort_dir: 'asc',
        used_for: '2',
        company_id: '7',
      }),
    ).toEqual({
      keyword: 'ABC',
      page: 2,
      per_page: 50,
      sort_by: 'name_kana',
      sort_dir: 'asc',
      used_for: 2,
      company_id: 7,
    });
  });

  it('accepts every customer sort column', () => {
    for (const col of ['id', 'name', 'name_kana', 'prefecture_code', 'created_at', 'updated_at']) {
      expect(customerListQuery.parse({ sort_by: col }).sort_by).toBe(col);
    }
  });

  it('rejects an unknown sort column, per_page > 100 and a bad direction', () => {
    expect(errorsOf(customerListQuery.safeParse({ sort_by: 'email', per_page: '101', sort_dir: 'up' }))).toEqual({
      sort_by: ['並び替えの項目が正しくありません'],
      per_page: ['表示件数は100以下で指定してください'],
      sort_dir: ['並び順は asc または desc で指定してください'],
    });
  });

  it('accepts used_for 1–3 only and a positive company id', () => {
    expect(errorsOf(customerListQuery.safeParse({ used_for: '4' }))).toEqual({
      used_for: ['用途は1〜3で指定してください'],
    });
    expect(errorsOf(customerListQuery.safeParse({ used_for: '0' }))).toEqual({
      used_for: ['用途は1〜3で指定してください'],
    });
    expect(customerListQuery.safeParse({ company_id: '0' }).success).toBe(false);
    expect(customerListQuery.safeParse({ company_id: '-3' }).success).toBe(false);
    expect(errorsOf(customerListQuery.safeParse({ company_id: 'x' }))).toEqual({
      company_id: ['企業IDは数値で指定してください'],
    });
  });
});

describe('pageMeta', () => {
  it('describes the last, partial page', () => {
    expect(pageMeta(45, 3, 20, 5)).toEqual({
      current_page: 3,
      last_page: 3,
      per_page: 20,
      total: 45,
      from: 41,
      to: 45,
    });
  });

  it('describes a full first and middle page', () => {
    expect(pageMeta(45, 1, 20, 20)).toMatchObject({ from: 1, to: 20, last_page: 3 });
    expect(pageMeta(45, 2, 20, 20)).toMatchObject({ from: 21, to: 40, last_page: 3 });
    expect(pageMeta(40, 2, 20, 20)).toMatchObject({ from: 21, to: 40, last_page: 2 });
  });

  it('gives from/to null and last page 1 for an empty list', () => {
    expect(pageMeta(0, 1, 20, 0)).toEqual({
      current_page: 1,
      last_page: 1,
      per_page: 20,
      total: 0,
      from: null,
      to: null,
    });
  });

  it('gives from/to null for a page past the end', () => {
    expect(pageMeta(45, 9, 20, 0)).toEqual({
      current_page: 9,
      last_page: 3,
      per_page: 20,
      total: 45,
      from: null,
      to: null,
    });
  });
});

describe('fieldErrors', () => {
  it('maps issues to field → messages, joining nested paths with dots', () => {
    expect(
      fieldErrors([
        { path: ['name'], message: '顧客名を入力してください' },
        { path: ['lines', 0, 'amount'], message: '金額を入力してください' },
      ]),
    ).toEqual({
      name: ['顧客名を入力してください'],
      'lines.0.amount': ['金額を入力してください'],
    });
  });

  it("puts issues without a path under '_'", () => {
    expect(fieldErrors([{ path: [], message: '入力内容が正しくありません' }])).toEqual({
      _: ['入力内容が正しくありません'],
    });
  });

  it('keeps several messages for one field in order, without duplicates', () => {
    expect(
      fieldErrors([
        { path: ['password'], message: 'A' },
        { path: ['password'], message: 'B' },
        { path: ['password'], message: 'A' },
      ]),
    ).toEqual({ password: ['A', 'B'] });
  });

  it('returns an empty object for no issues', () => {
    expect(fieldErrors([])).toEqual({});
  });

  it('accepts zod issues directly', () => {
    const r = listQuery(['id'], { defaultSort: 'id' }).safeParse({ sort_by: 'x', page: '0' });
    expect(r.success).toBe(false);
    expect(fieldErrors(r.error!.issues)).toEqual({
      sort_by: ['並び替えの項目が正しくありません'],
      page: ['ページは1以上で指定してください'],
    });
  });
});

describe('optionalText / requiredText', () => {
  const opt = optionalText('メモ', 5);
  const checked = optionalText('コード', 10, {
    test: (v) => /^\d+$/.test(v),
    message: 'コードは数字で入力してください',
  });
  const req = requiredText('名前', 5);

  it('stores empty, blank, null and missing optional text as null and trims the rest', () => {
    expect(opt.parse('')).toBeNull();
    expect(opt.parse('   ')).toBeNull();
    expect(opt.parse(null)).toBeNull();
    expect(opt.parse(undefined)).toBeNull();
    expect(opt.parse(' abc ')).toBe('abc');
  });

  it('limits the length and runs the check only on non-empty text', () => {
    expect(opt.safeParse('abcdef').error?.issues[0]?.message).toBe('メモは5文字以内で入力してください');
    expect(checked.parse('')).toBeNull();
    expect(checked.parse('123')).toBe('123');
    expect(checked.safeParse('12a').error?.issues[0]?.message).toBe('コードは数字で入力してください');
    expect(opt.safeParse(12).error?.issues[0]?.message).toBe('メモは文字列で入力してください');
  });

  it('requires non-blank text within the limit', () => {
    expect(req.parse(' 山田 ')).toBe('山田');
    expect(req.safeParse('').error?.issues[0]?.message).toBe('名前を入力してください');
    expect(req.safeParse('   ').error?.issues[0]?.message).toBe('名前を入力してください');
    expect(req.safeParse(undefined).error?.issues[0]?.message).toBe('名前を入力してください');
    expect(req.safeParse('123456').error?.issues[0]?.message).toBe('名前は5文字以内で入力してください');
  });
});
