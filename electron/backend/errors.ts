import type { ErrorCode } from '@shared/contract';

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
