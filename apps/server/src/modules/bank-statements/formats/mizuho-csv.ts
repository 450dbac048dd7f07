import { makeRow } from './fields.js';
import { headerParser } from './header-csv.js';

/** みずほ銀行の入出金明細CSV. */
export const mizuhoParser = headerParser({
  id: 'mizuho',
  headers: ['日付', 'お引出金額', 'お預入金額', 'お取引内容', '残高'],
  row: (c, line_no, problems) =>
    makeRow(problems, line_no, {
      date: c('日付'),
      outAmount: c('お引出金額'),
      inAmount: c('お預入金額'),
      description: c('お取引内容'),
      balance: c('残高'),
    }),
});
