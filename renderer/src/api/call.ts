import type { ApiError, Input, MethodName, Output } from '@shared/contract';
import { transport } from './transport';
import { readReply } from './wire';

/** An API error with its code, thrown by `call` so React Query and forms can show the message as it is. */
export class CallError extends Error implements ApiError {
  constructor(
    readonly code: ApiError['code'],
    message: string,
    /** The server never answered: sending the same call again later may succeed. */
    readonly unreachable = false,
  ) {
    super(message);
  }
}

/** The renderer's one way to reach the backend, the same in Electron (IPC) and in a browser (HTTP). */
export async function call<M extends MethodName>(method: M, input?: Input<M>): Promise<Output<M>> {
  const result = await readReply(method, await transport.call(method, input ?? {}));
  if (!result.ok) {
    // A session that ended (logout elsewhere, new password) sends the window back to the login screen.
    if (result.error.code === 'unauthorized') window.dispatchEvent(new Event('anchor:unauthorized'));
    throw new CallError(result.error.code, result.error.message, result.unreachable);
  }
  return result.value;
}

export const mediaUrl = (hash: string, thumb = false) => transport.mediaUrl(hash, thumb);

/** Streams a file to the backend (browser studio only); returns the path it was saved under. */
export function uploadFile(file: File, onProgress: (fraction: number) => void): Promise<string> {
  return new Promise((resolve, reject) => {
    const xhr = new XMLHttpRequest();
    xhr.open('POST', `api/upload?name=${encodeURIComponent(file.name)}`);
    // Not a type a cross-site form can send: the server takes uploads only with it.
    xhr.setRequestHeader('content-type', 'application/octet-stream');
    xhr.upload.onprogress = (e) => e.lengthComputable && onProgress(e.loaded / e.total);
    xhr.onload = () => {
      try {
        const body = JSON.parse(xhr.responseText) as { ok: boolean; value?: { path: string }; error?: ApiError };
        if (body.ok && body.value) resolve(body.value.path);
        else reject(new CallError(body.error?.code ?? 'internal', body.error?.message ?? 'upload failed'));
      } catch {
        reject(new CallError('internal', `upload failed (${xhr.status})`));
      }
    };
    xhr.onerror = () => reject(new CallError('internal', 'upload failed: the server is not reachable'));
    xhr.send(file);
  });
}
