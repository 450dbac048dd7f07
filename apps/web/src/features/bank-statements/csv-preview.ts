/** The first lines of a CSV file read in the browser (for the column-mapping setup): text and cells. */
import { decodeCsvBytes, parseCsv as parseCsvText } from '@chobo/core';

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Shift_JIS (CP932); a cut last character is no error. */
export function decodeCsv(bytes: Uint8Array) {
  return decodeCsvBytes(bytes, { head: true });
}

/** RFC 4180 records (quoted fields with commas, "" and line breaks), at most `limit` of them, blank lines kept. */
export function parseCsv(text: string, limit = 20): string[][] {
  return parseCsvText(text, { unguard: false, skipBlank: false, limit });
}

export async function readCsvPreview(file: Blob, limit = 12) {
  const head = await new Promise<Uint8Array>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, 64 * 1024));
  });
  const { text, encoding } = decodeCsv(head);
  return { rows: parseCsv(text, limit), encoding };
}
