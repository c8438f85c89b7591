import type { APIRequestContext } from '@playwright/test';

/** Calls `anchor serve`'s HTTP API directly, for set-up and for checking what a screen stored. */
export async function api<T>(request: APIRequestContext, method: string, input: unknown): Promise<T> {
  const res = await request.post(`api/${method}`, { data: input });
  const body = (await res.json()) as { ok: boolean; value: T; error?: { message: string } };
  if (!body.ok) throw new Error(`${method}: ${body.error?.message}`);
  return body.value;
}
