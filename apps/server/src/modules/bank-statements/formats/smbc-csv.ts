import { inOutLayout } from './header-csv.js';

/** 三井住友銀行の入出金明細CSV: 年月日, お引出し, お預入れ, お取り扱い内容, 残高. */
export const smbcParser = inOutLayout('smbc', ['年月日', 'お引出し', 'お預入れ', 'お取り扱い内容', '残高']);
