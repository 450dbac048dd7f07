import { inOutLayout } from './header-csv.js';

/** みずほ銀行の入出金明細CSV: 日付, お引出金額, お預入金額, お取引内容, 残高. */
export const mizuhoParser = inOutLayout('mizuho', ['日付', 'お引出金額', 'お預入金額', 'お取引内容', '残高']);
