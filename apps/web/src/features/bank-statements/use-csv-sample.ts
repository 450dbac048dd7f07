import { type Dispatch, type SetStateAction, useEffect, useState } from 'react';
import { readCsvPreview } from './csv-preview';
import { guess, type MappingValues } from './mapping-values';

/**
 * The first rows of the sample file and its encoding; for a new mapping, a first guess of the columns
 * (and of the name, from the file's) as soon as they are read.
 */
export function useCsvSample(sample: File | null, isNew: boolean, setV: Dispatch<SetStateAction<MappingValues>>) {
  const [rows, setRows] = useState<string[][]>([]);
  const [encoding, setEncoding] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    if (!sample) {
      setRows([]);
      return;
    }
    void readCsvPreview(sample).then((p) => {
      if (!live) return;
      setRows(p.rows);
      setEncoding(p.encoding === 'shift_jis' ? 'Shift_JIS' : 'UTF-8');
      if (isNew) {
        // a first guess from the widest early row taken as the header
        const header = p.rows.find((r) => r.length >= 3) ?? [];
        const at = p.rows.indexOf(header);
        setV((prev) => ({
          ...prev,
          ...guess(header),
          skip_rows: Math.max(at, 0),
          name: prev.name || (sample.name.replace(/\.[^.]+$/, '') || 'CSV').slice(0, 100),
        }));
      }
    });
    return () => {
      live = false;
    };
  }, [sample, isNew, setV]);
  return { rows, encoding };
}
