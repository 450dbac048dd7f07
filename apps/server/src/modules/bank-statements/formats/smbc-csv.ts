import { makeRow } from './fields.js';
import { headerParser } from './header-csv.js';

/** 三井住友銀行の入出金明細CSV. */
export const smbcParser = headerParser({
  id: 'smbc',
  headers: ['年月日', 'お引出し', 'お預入れ', 'お取り扱い内容', '残高'],
  row: (c, line_no, problems) =>
    makeRow(problems, line_no, {
      date: c('年月日'),
      outAmount: c('お引出し'),
      inAmount: c('お預入れ'),
      description: c('お取り扱い内容'),
      balance: c('残高'),
    }),
});
