import { buildQuery, type QueryValue } from '../../lib/api';
import { downloadFile as download } from '../../lib/download';

export { filenameFrom, saveBlob } from '../../lib/download';

/**
 * Downloads a statement file (`format=csv|pdf` on the statement's own call) with the bearer token, and
 * saves it under the server's file name. Failures throw ApiError with the server's Japanese message.
 */
export function downloadFile(path: string, query: Record<string, QueryValue>, fallbackName: string): Promise<string> {
  return download(path + buildQuery(query), {
    filename: fallbackName,
    fromServer: true,
    accept: 'text/csv, application/pdf, application/json',
  });
}
