import type { ApiError, ErrorCode } from '@shared/contract';
import { storageFailure } from './db/failures';

/** An error meant for the user: its code and message cross the boundary as they are. */
export class AppError extends Error {
  constructor(
    readonly code: ErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'AppError';
  }
}

/** Turns anything thrown into `{ code, message }`: storage failures get their own codes, other surprises hide their internals. */
export function toApiError(error: unknown): ApiError {
  if (error instanceof AppError) return { code: error.code, message: error.message };
  const storage = storageFailure(error);
  if (storage) return storage;
  const message = error instanceof Error ? error.message : String(error);
  return { code: 'internal', message: `unexpected error: ${message}` };
}
