import type { FiscalYear, TaxReturn } from '@chobo/core';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { errorMessage } from '../../lib/api';
import { notifyError, notifySuccess } from '../../lib/notify';
import { downloadFile } from '../accounting/download';
import { fillTaxReturn, taxReturnPath } from './api';

/** Downloads the printable PDF of the year's return (after `before`, e.g. saving the draft); a failure is notified. */
export async function downloadReturnPdf(year: FiscalYear, before?: () => Promise<void>) {
  try {
    await before?.();
    await downloadFile(taxReturnPath(year.id, '/pdf'), {}, `tax-return-${year.end_date}.pdf`);
  } catch (error) {
    notifyError(errorMessage(error));
  }
}

/** The page's actions on the chosen year; each saves the draft first (flush). */
export function useReturnActions(
  year: FiscalYear | undefined,
  flush: () => Promise<void>,
  adopt: (t: TaxReturn) => void,
) {
  const navigate = useNavigate();
  const [filling, setFilling] = useState(false);

  /** 帳簿から作成: the server fills the return from the books and the company profile. */
  const fill = async () => {
    if (!year) return;
    setFilling(true);
    try {
      await flush();
      adopt(await fillTaxReturn(year.id));
      notifySuccess('帳簿と会社情報から申告書を作成しました。金額を確認してください。');
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setFilling(false);
    }
  };

  /** The printable PDF of the return. */
  const pdf = async () => {
    if (!year) return;
    await downloadReturnPdf(year, flush);
  };

  /** The 別表一 as printed, on its own page. */
  const preview = async () => {
    if (!year) return;
    await flush();
    navigate(`/company/preparation-of-tax-return-preview?fiscal_year_id=${year.id}`);
  };

  return { fill, filling, pdf, preview };
}
