import { makeRow } from './fields.js';
import { headerParser } from './header-csv.js';

/** 楽天銀行の入出金明細CSV. */
export const rakutenParser = headerParser({
  id: 'rakuten',
  headers: ['取引日', '入出金(円)', '取引後残高(円)', '入出金内容'],
  row: (c, line_no, problems) =>
    makeRow(problems, line_no, {
      date: c('取引日'),
      signed: c('入出金(円)'),
      description: c('入出金内容'),
      balance: c('取引後残高(円)'),
    }),
});
