import { makeRow } from './fields.js';
import { headerParser } from './header-csv.js';

/** PayPay銀行の入出金明細CSV. */
export const paypayParser = headerParser({
  id: 'paypay',
  headers: ['操作日(年)', '操作日(月)', '操作日(日)', '摘要', 'お支払金額', 'お預り金額', '残高'],
  row: (c, line_no, problems) =>
    makeRow(problems, line_no, {
      date: `${c('操作日(年)').trim()}/${c('操作日(月)').trim()}/${c('操作日(日)').trim()}`,
      outAmount: c('お支払金額'),
      inAmount: c('お預り金額'),
      description: c('摘要'),
      balance: c('残高'),
    }),
});
