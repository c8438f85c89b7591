/** Column names of VLMEvalKit's TSV format (METHODS §2), shared by its importer and exporter. */
export const TSV_KNOWN = new Set(['index', 'image', 'image_path', 'question', 'hint', 'answer', 'category', 'l2-category', 'l2_category', 'split', 'source']);

export const OPTION_COLUMN = /^[A-Z]$/;

/** A cell of 1–64 characters in the image column is the `index` of another row whose image is reused. */
export const MAX_REFERENCE_LENGTH = 64;
