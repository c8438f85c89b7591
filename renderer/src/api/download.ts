import type { ApiError } from '@shared/contract';
import { useCall } from './queries';
import { CallError } from './call';
import { transport } from './transport';

export type DownloadKind = 'export' | 'report' | 'variants' | 'run';

/** Files the server streams as downloads (`POST download/<kind>`): the browser studio never names a server path. */
export const serverDownloads = transport.kind === 'http';

const filenameOf = (disposition: string | null, fallback: string) => /filename="([^"]+)"/.exec(disposition ?? '')?.[1] ?? fallback;

/** Asks the server for a file and saves it through the browser's download; returns the file's name. */
export async function downloadFile(kind: DownloadKind, input: unknown): Promise<string> {
  const response = await fetch(`download/${kind}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(input) });
  if (!response.ok) {
    const body = (await response.json().catch(() => null)) as { error?: ApiError } | null;
    if (response.status === 401) window.dispatchEvent(new Event('anchor:unauthorized'));
    throw new CallError(body?.error?.code ?? 'internal', body?.error?.message ?? `the download failed (${response.status})`);
  }
  const name = filenameOf(response.headers.get('content-disposition'), `${kind}.bin`);
  saveBlob(name, await response.blob());
  return name;
}

/** Saves a blob through the browser's download (Electron shows its save dialog for the same call). */
export function saveBlob(filename: string, blob: Blob): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
  // Revoke after the click has been handled; revoking at once can cancel the download in some engines.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Whether the caller may do what a lead does: a lead, or the machine's owner with no profile chosen. */
export function useIsLead(): boolean {
  const me = useCall('session.me');
  const user = me.data?.user ?? null;
  return user === null ? me.data?.mode === 'local' : user.roles.includes('lead');
}
