import type { ErrorCode } from '@shared/contract';

/** HTTP status per error code; the body always carries `{ code, message }` as well. */
export const statusOf: Record<ErrorCode, number> = {
  invalid_input: 400,
  invalid_output: 500,
  not_found: 404,
  conflict: 409,
  no_project: 409,
  import_failed: 422,
  export_failed: 422,
  migration_mismatch: 409,
  unsupported: 422,
  unknown_method: 404,
  unauthorized: 401,
  forbidden: 403,
  too_large: 413,
  rate_limited: 429,
  cancelled: 409,
  not_a_project: 422,
  project_damaged: 422,
  newer_schema: 409,
  disk_full: 507,
  read_only: 503,
  locked: 503,
  endpoint_failed: 502,
  endpoint_changed: 409,
  internal: 500,
};
