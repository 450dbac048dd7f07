import type { ProductUploadReport } from '@chobo/core';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { errorMessage } from '../../lib/api';
import { notifySuccess } from '../../lib/notify';
import { productKeys, uploadProductsCsv } from './api';

type Step = 'choose' | 'checking' | 'preview' | 'importing';

/** The upload's steps: choose a file → it is checked (dry run) → preview → import; closing waits for a step. */
export function useProductUpload(onClose: () => void) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [step, setStep] = useState<Step>('choose');
  const [report, setReport] = useState<ProductUploadReport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const reset = () => {
    setFile(null);
    setStep('choose');
    setReport(null);
    setError(null);
  };
  const close = () => {
    if (step === 'checking' || step === 'importing') return;
    reset();
    onClose();
  };

  const check = async (chosen: File | null) => {
    setFile(chosen);
    setReport(null);
    setError(null);
    if (!chosen) return;
    setStep('checking');
    try {
      setReport(await uploadProductsCsv(chosen, true));
      setStep('preview');
    } catch (e) {
      setError(errorMessage(e));
      setStep('choose');
    }
  };

  const runImport = async () => {
    if (!file) return;
    setStep('importing');
    try {
      const result = await uploadProductsCsv(file, false);
      await client.invalidateQueries({ queryKey: productKeys.all });
      notifySuccess(`${result.added}件を追加、${result.updated}件を更新しました`, 'CSVを取り込みました');
      reset();
      onClose();
    } catch (e) {
      setError(errorMessage(e));
      setStep('preview');
    }
  };

  const busy = step === 'checking' || step === 'importing';
  const hasErrors = (report?.errors.length ?? 0) > 0;

  return { file, step, report, error, busy, hasErrors, check, runImport, close };
}
