import type { ApiError } from '@shared/contract';
import { storageFailure } from './db/failures';
import { AppError } from './errors';

/**
 * Turns anything thrown into `{ code, message }`: storage failures get their own codes, other surprises hide their
 * internals. Apart from `errors.ts` because it reads SQLite's failures, and `db/` throws `AppError` (a folder cycle).
 */
export function toApiError(error: unknown): ApiError {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  const storage = storageFailure(error);
  if (storage) return storage;
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `unexpected error: ${message}` };
}
