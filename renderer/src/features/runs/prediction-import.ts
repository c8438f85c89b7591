export const FORMATS = [
  ['auto', 'Detect from the content'],
  ['vlmevalkit', 'VLMEvalKit prediction file ({model}_{dataset}.xlsx / TSV / CSV / JSON, circular copies, judge hit and log)'],
  ['lmms-eval', 'lmms-eval --log_samples (JSONL: doc, resps, filtered_resps)'],
  ['mmevalpro', 'MMEvalPro model output (JSON rows with triplet_id, eval_type, model_output)'],
  ['mmmu', 'MMMU eval-only predictions ({ id: answer })'],
  ['table', 'VLMEvalKit prediction table (TSV / CSV with index, prediction)'],
] as const;
export type Format = (typeof FORMATS)[number][0];

/** The format a chosen file most likely is, from its extension: tables and workbooks are VLMEvalKit's. */
export const guessFormat = (name: string): Format => (/\.(tsv|csv)$/i.test(name) ? 'table' : /\.xlsx$/i.test(name) ? 'vlmevalkit' : 'auto');

/** The model's name: the one typed, or else the file's name without its extension. */
export function predictionModelName(typed: string, fileName: string): string {
  return typed.trim() || fileName.replace(/\.[^.]+$/, '');
}

/** Only VLMEvalKit files (or a file whose format is detected) come with a judge result file. */
export function takesJudgeFile(format: Format): boolean {
  return format === 'vlmevalkit' || format === 'table' || format === 'auto';
}
