import { extname } from 'node:path';
import type { DataFormat } from '@shared/contract';
import type { Importer } from './context';
import { importError } from './import-error';
import { importJsonl } from './jsonl-import';
import { importMmEvalPro } from './mmevalpro-import';
import { importMmmu } from './mmmu-import';
import { importMmVet, looksLikeMmVet } from './mmvet-import';
import { readRecords } from './records';
import { importVlmEvalKit } from './vlmevalkit-import';

export const importers: Record<DataFormat, Importer> = {
  vlmevalkit: importVlmEvalKit,
  mmevalpro: importMmEvalPro,
  mmmu: importMmmu,
  jsonl: importJsonl,
  mmvet: importMmVet,
};

const SUPPORTED = ['.tsv', '.json', '.jsonl', '.ndjson', '.parquet'];

/** Guesses a file's format from its extension and, for JSON and parquet, the fields of its first record. */
export async function detectFormat(file: string): Promise<DataFormat> {
  const ext = extname(file).toLowerCase();
  if (ext === '.tsv') return 'vlmevalkit';
  if (!SUPPORTED.includes(ext)) {
    throw importError(file, null, `cannot tell the format of a "${ext || 'no extension'}" file; choose its format (the Format list when importing in the studio, --format on the command line)`);
  }
  // MM-Vet's release is one object of questions by id, which the record readers (arrays and lines) do not take.
  if (ext === '.json' && await looksLikeMmVet(file)) return 'mmvet';
  const records = readRecords(file);
  const first = await records.next();
  await records.return(undefined);
  if (first.done) throw importError(file, null, 'the file holds no records');
  const row = first.value.value;
  if ('triplet_id' in row && 'eval_type' in row) return 'mmevalpro';
  if ('image_1' in row || ('question_type' in row && 'id' in row)) return 'mmmu';
  if (ext === '.jsonl' || ext === '.ndjson') return 'jsonl';
  throw importError(file, null, 'the records match no known format (MMEvalPro needs triplet_id and eval_type; MMMU needs id and image_1)');
}
