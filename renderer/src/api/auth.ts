import type { ApiError } from '@shared/contract';
import { CallError } from './call';

async function post(path: string, body: unknown): Promise<unknown> {
  let response: Response;
  try {
    response = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
  } catch {
    throw new CallError('internal', 'the studio server is not reachable');
  }
  const result = (await response.json().catch(() => null)) as { ok: boolean; value?: unknown; error?: ApiError } | null;
  if (!result?.ok) throw new CallError(result?.error?.code ?? 'internal', result?.error?.message ?? `the server answered ${response.status}`);
  return result.value;
}

/** Team server login: the server sets an HttpOnly session cookie that every later request carries. */
export const login = (name: string, password: string) => post('auth/login', { name, password });
export const logout = () => post('auth/logout', {});
