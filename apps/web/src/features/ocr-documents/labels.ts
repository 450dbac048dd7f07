import { OCR_STATUSES } from '@chobo/core';

export const STATUS_COLORS: Record<number, string> = {
  0: 'gray',
  1: 'blue',
  2: 'green',
  3: 'red',
  4: 'violet',
};

export const statusLabel = (s: number) => OCR_STATUSES[s as keyof typeof OCR_STATUSES] ?? String(s);
export const ocrResultPath = (id: number) => `/company/ocr-documents/${id}/ocr-result`;
