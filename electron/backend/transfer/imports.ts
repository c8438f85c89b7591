import { basename, extname } from 'node:path';
import type { DataFormat, ImportResult, ParsedInput } from '@shared/contract';
import { openDb } from '../db/open';
import { AppError } from '../errors';
import type { JobControl } from '../jobs/registry';
import { detectFormat, importers } from '../formats/detect';
import { importError } from '../formats/import-error';
import { ImportSink } from '../formats/sink';
import { cleanAfterKilledImports } from '../formats/killed-imports';
import { existsSync, statSync } from 'node:fs';
import { textAsUtf8 } from '../formats/text-encoding';
import { fileKind } from '../formats/file-kind';
import { releaseCard, releaseShards } from '../formats/hf-parquet-export';
import type { CardRelease } from '../formats/hf-card';

export type ImportInput = ParsedInput<'imports.run'>;

export function defaultDatasetName(files: readonly string[]): string {
  const first = files[0]!;
  return basename(first, extname(first));
}

/** Only regular files are read: a FIFO would block the import forever and a device would feed it without end. */
function refuseUnreadable(files: readonly string[]): void {
  for (const file of files) {
    const stat = statSync(file);
    if (!stat.isFile()) throw importError(file, null, `not a regular file (${fileKind(stat)}); only files are imported`);
  }
}

/**
 * Imports files into a new dataset, all or nothing: rows are staged beside the project and published in one short
 * transaction on a connection of the import's own (see ImportSink), so a bad row, a cancel or a crash leaves the
 * project's data as it was and other writers never wait on the import for long.
 */
export async function runImport(
  projectPath: string,
  input: ImportInput,
  control: JobControl,
  meta: { title: string; startedAt: string; now: () => Date; userId: string | null },
): Promise<ImportResult> {
  for (const file of input.files) if (!existsSync(file)) throw importError(file, null, 'no such file');
  // A release folder (as `anchor export --format hf-parquet` writes it, or as downloaded from the hub) is its shards.
  const named = input.dataset ?? defaultDatasetName(input.files);
  const files: string[] = [];
  // The first release's card gives the dataset its licence and citation, which the parquet does not carry.
  let release: CardRelease | null = null;
  for (const file of input.files) {
    const shards = releaseShards(file);
    if (shards && shards.length === 0) throw importError(file, null, 'a folder with no parquet files (a release keeps them in data/)');
    if (shards) release ??= releaseCard(file);
    files.push(...(shards ?? [file]));
  }
  input = { ...input, dataset: named, files };
  refuseUnreadable(input.files);
  const text = await textAsUtf8(input.files, input.encoding);
  try {
    return await importFiles(projectPath, { ...input, files: text.files }, control, meta, release);
  } finally {
    await text.cleanup();
  }
}

async function importFiles(
  projectPath: string, input: ImportInput, control: JobControl, meta: Parameters<typeof runImport>[3], release: CardRelease | null,
): Promise<ImportResult> {
  const formats: DataFormat[] = [];
  for (const file of input.files) formats.push(input.format === 'auto' ? await detectFormat(file) : input.format);
  const format = formats[0]!;
  const other = formats.findIndex((f) => f !== format);
  if (other >= 0) {
    throw new AppError('import_failed', `${basename(input.files[other]!)} is ${formats[other]} but ${basename(input.files[0]!)} is ${format}; import them separately`);
  }
  const dataset = input.dataset ?? defaultDatasetName(input.files);
  const db = openDb(projectPath, { mustExist: true, skipMigrate: true });
  let sink: ImportSink | null = null;
  try {
    cleanAfterKilledImports(db);
    sink = new ImportSink(db, dataset, format, meta.now().toISOString());
    const s = sink;
    for (let f = 0; f < input.files.length; f++) {
      const file = input.files[f]!;
      await importers[format]({
        file,
        sink: s,
        signal: control.signal,
        report: (fraction) => control.progress(Math.round(((f + fraction) / input.files.length) * 1000) / 10, 100, `${s.questions} questions`),
      });
    }
    if (control.signal.aborted) throw new AppError('cancelled', 'cancelled');
    if (s.questions === 0) throw new AppError('import_failed', `${basename(input.files[0]!)}: no questions found`);
    if (release && (release.license || release.citation)) s.addDatasetMeta({ release });
    const resultFor = (datasetId: number): ImportResult => ({
      datasetId, dataset, format, items: s.items, questions: s.questions, images: s.images,
    });
    const datasetId = s.commit({ id: control.id, title: meta.title, startedAt: meta.startedAt, input, result: resultFor }, meta.userId);
    return resultFor(datasetId);
  } catch (error) {
    sink?.rollback();
    throw error;
  } finally {
    db.close();
  }
}
