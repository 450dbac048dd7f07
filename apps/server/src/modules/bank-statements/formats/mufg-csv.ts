import { joinText, makeRow } from './fields.js';
import { headerParser } from './header-csv.js';

/** 三菱UFJ銀行の入出金明細CSV. */
export const mufgParser = headerParser({
  id: 'mufg',
  headers: ['日付', '摘要', '摘要内容', '支払い金額', '預かり金額', '差引残高'],
  row: (c, line_no, problems) =>
    makeRow(problems, line_no, {
      date: c('日付'),
      outAmount: c('支払い金額'),
      inAmount: c('預かり金額'),
      description: joinText(c('摘要'), c('摘要内容')),
      counterparty: /振込|ﾌﾘｺﾐ|振替/.test(c('摘要')) ? c('摘要内容') || null : null,
      balance: c('差引残高'),
    }),
});
