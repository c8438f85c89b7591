import type { Backend } from '../backend';
import { toApiError } from '../backend/errors';

export const MEDIA_SCHEME = 'anchor-media';
const PATH = /^\/?(image|thumb)\/([0-9a-f]{64})$/;

/** Serves images by hash from the open project: the renderer never sees a file path. */
export async function serveMedia(backend: Backend, requestUrl: string): Promise<Response> {
  const url = new URL(requestUrl);
  const match = PATH.exec(`${url.hostname}${url.pathname}`) ?? PATH.exec(url.pathname);
  if (!match) return new Response('not found', { status: 404 });
  try {
    const image = await backend.image(match[2]!, match[1] === 'thumb');
    return new Response(new Uint8Array(image.bytes), { headers: { 'content-type': image.mime } });
  } catch (error) {
    return new Response(toApiError(error).message, { status: 404 });
  }
}
