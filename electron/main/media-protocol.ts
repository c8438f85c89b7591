import type { Backend } from '../backend';

export const MEDIA_SCHEME = 'anchor-media';
const PATH = /^\/?(image|thumb)\/([0-9a-f]{64})$/;

/**
 * Serves images by hash from the open projects: the renderer never sees a file path, and a hash that no open
 * project holds is simply not found.
 */
export async function serveMedia(backends: readonly Backend[], requestUrl: string): Promise<Response> {
  let url: URL;
  try {
    url = new URL(requestUrl);
  } catch {
    return new Response('bad request', { status: 400 });
  }
  const match = PATH.exec(`${url.hostname}${url.pathname}`);
  if (!match) return new Response('not found', { status: 404 });
  for (const backend of backends) {
    try {
      const image = await backend.image(match[2]!, match[1] === 'thumb');
      // CORS lets the canvas editor draw the image and still export its pixels (a file:// page is another origin).
      return new Response(new Uint8Array(image.bytes), {
        headers: { 'content-type': image.mime, 'cache-control': 'max-age=31536000, immutable', 'access-control-allow-origin': '*' },
      });
    } catch {
      // Not in this project: try the next window's.
    }
  }
  return new Response('not found', { status: 404 });
}
