/**
 * GET /api/admin/backup through the api client (it carries the bearer token), read chunk by chunk so the
 * button can show how much has arrived. The file is saved only when its end line has arrived: a download
 * cut short is an error, never a file that looks like a backup (docs/decisions.md, "Backups").
 */
import { useMutation } from '@tanstack/react-query';
import { apiFetch, saveBlob } from '../../../lib/api-client';

export const BACKUP_CUT_SHORT = 'The backup download was cut short. Please try again.';

/** The last non-empty line of the received bytes is the backup's end line. */
function endsWithEndLine(chunks: Uint8Array[]): boolean {
  const decoder = new TextDecoder();
  const last = chunks.slice(-4);
  const tail = last.map((c, i) => decoder.decode(c, { stream: i < last.length - 1 })).join('');
  return (tail.trimEnd().split('\n').at(-1) ?? '').startsWith('{"end":true');
}

export async function downloadBackup(onProgress: (bytes: number) => void): Promise<string> {
  const res = await apiFetch('GET', '/admin/backup', { headers: { Accept: 'application/x-ndjson' } });
  const disposition = res.headers.get('Content-Disposition') ?? '';
  const filename = disposition.match(/filename="?([^";]+)"?/i)?.[1] || 'reunion-desk-backup.ndjson';
  const chunks: Uint8Array[] = [];
  let bytes = 0;
  try {
    const reader = res.body!.getReader();
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      chunks.push(value);
      bytes += value.byteLength;
      onProgress(bytes);
    }
  } catch {
    throw new Error(BACKUP_CUT_SHORT);
  }
  if (!endsWithEndLine(chunks)) throw new Error(BACKUP_CUT_SHORT);
  saveBlob(new Blob(chunks as BlobPart[], { type: 'application/x-ndjson' }), filename);
  return filename;
}

export function useDownloadBackup(onProgress: (bytes: number) => void) {
  return useMutation({ mutationFn: () => downloadBackup(onProgress) });
}
