import { z } from 'zod';

/** Every error crosses a boundary as `{ code, message }` — never a stack trace. */
export const errorCodes = [
  'invalid_input',
  'invalid_output',
  'not_found',
  'conflict',
  'no_project',
  'import_failed',
  'export_failed',
  'migration_mismatch',
  /** Data this version cannot handle: a scene from a newer schema, an image it cannot decode or render. */
  'unsupported',
  'unknown_method',
  'unauthorized',
  'forbidden',
  /** A request body or upload over its limit (HTTP 413). */
  'too_large',
  /** Too many failed logins from one name or address: wait and try again (HTTP 429). */
  'rate_limited',
  'cancelled',
  /** The project file and the disk (see docs/FORMATS.md, "Errors"): each message says what to do. */
  'not_a_project',
  'project_damaged',
  'newer_schema',
  'disk_full',
  'read_only',
  'locked',
  /** A run stopped because its model endpoint failed (fail-fast). */
  'endpoint_failed',
  /**
   * The owner's endpoint is not what a run or optimisation recorded (another model or other URLs): nothing is sent
   * until the owner confirms (`acceptEndpointChange`).
   */
  'endpoint_changed',
  /** A lead turned model drafting off for the dataset (or named no endpoint for it): nothing is sent. */
  'drafting_off',
  /** A model's reply is not what was asked for (a draft that is not the JSON asked for, or breaks the form's rules). */
  'model_reply_invalid',
  /**
   * A lead asks for model drafts to be checked without the image before submission and this one has no reading of its
   * current text by every text-only model of the dataset's check (or the dataset has no check to use yet).
   */
  'visual_check_needed',
  /** A drafted perception or knowledge question more text-only models answer without the image than the check allows. */
  'answerable_without_image',
  'internal',
] as const;
export type ErrorCode = (typeof errorCodes)[number];

export const apiErrorSchema = z.object({ code: z.enum(errorCodes), message: z.string() });
export type ApiError = z.infer<typeof apiErrorSchema>;

export function isApiError(value: unknown): value is ApiError {
  return apiErrorSchema.safeParse(value).success;
}
