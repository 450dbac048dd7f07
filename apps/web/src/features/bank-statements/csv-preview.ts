/** The first lines of a CSV file read in the browser (for the column-mapping setup): text and cells. */

/** UTF-8 (with or without BOM) when the bytes are valid UTF-8, else Shift_JIS (CP932). */
export function decodeCsv(bytes: Uint8Array): { text: string; encoding: 'utf-8' | 'shift_jis' } {
  try {
    // stream: a multi-byte character cut at the end of the slice is not an error
    const text = new TextDecoder('utf-8', { fatal: true }).decode(bytes, { stream: true });
    return { text: text.replace(/^\uFEFF/, ''), encoding: 'utf-8' };
  } catch {
    return { text: new TextDecoder('shift_jis').decode(bytes), encoding: 'shift_jis' };
  }
}

/** RFC 4180 records (quoted fields with commas, "" and line breaks), at most `limit` of them. */
export function parseCsv(text: string, limit = 20): string[][] {
  const records: string[][] = [];
  let cells: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length && records.length < limit; i++) {
    const c = text[i];
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') {
        cell += '"';
        i++;
      } else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"' && cell === '') quoted = true;
    else if (c === ',') {
      cells.push(cell);
      cell = '';
    } else if (c === '\n' || c === '\r') {
      if (c === '\r' && text[i + 1] === '\n') i++;
      cells.push(cell);
      records.push(cells);
      cells = [];
      cell = '';
    } else cell += c;
  }
  if ((cell !== '' || cells.length) && records.length < limit) records.push([...cells, cell]);
  return records;
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
