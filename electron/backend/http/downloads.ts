import { createReadStream, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { basename, join, sep } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { z } from 'zod';
import type { Backend } from '..';
import type { CallContext } from '../dispatch';
import { AppError } from '../errors';
import { runExportFormatSchema, type RunExportFormat } from '@shared/contract';
import { BODY_LIMITS, readJson } from './body';
import { requireLead } from './auth';
import { streamZip } from './zip-stream';

const datasetRef = z.union([z.number().int(), z.string().min(1)]);
const exportInput = z.object({
  // A download is one file, or a zip: of the file and its review history, or of the hf-parquet release folder.
  dataset: datasetRef, format: z.enum(['vlmevalkit', 'mmevalpro', 'hf-parquet']), acceptedOnly: z.boolean().default(false), includeOverridden: z.boolean().default(false),
  reviewHistory: z.boolean().default(false),
  /** hf-parquet: the licence the dataset card states (default: the imported release's, else `other`). */
  license: z.string().min(1).max(100).optional(),
  /** hf-parquet: the dataset's quality report in the card and beside it. */
  quality: z.boolean().default(false),
}).strict();
type ExportInput = z.infer<typeof exportInput>;
const reportInput = z.object({ id: z.number().int(), compare: z.array(z.number().int()).max(7).default([]) }).strict();
const variantsInput = z.object({ dataset: datasetRef }).strict();
const runInput = z.object({ id: z.number().int(), format: runExportFormatSchema }).strict();
const RESULT_TYPES: Record<RunExportFormat, string> = {
  csv: 'text/csv; charset=utf-8', jsonl: 'application/x-ndjson; charset=utf-8',
  'vlmevalkit-xlsx': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

/** A file name safe in a header and on every file system. */
const fileName = (name: string) => name.replace(/[^\w.\- ]+/g, '_').slice(0, 120) || 'export';

function attachment(res: ServerResponse, name: string, type: string): void {
  res.writeHead(200, {
    'content-type': type, 'cache-control': 'no-store',
    'content-disposition': `attachment; filename="${fileName(name)}"`,
  });
}

function parse<T extends z.ZodType>(schema: T, body: unknown): z.infer<T> {
  const parsed = schema.safeParse(body ?? {});
  if (!parsed.success) throw new AppError('invalid_input', parsed.error.issues.map((i) => `${i.path.join('.') || 'input'}: ${i.message}`).join('; '));
  return parsed.data;
}

/** Work files of one download, under the data folder and removed once the response is sent. */
async function withScratch(dataDir: string, work: (dir: string) => Promise<void>): Promise<void> {
  const dir = join(dataDir, 'downloads', randomUUID());
  mkdirSync(dir, { recursive: true });
  try {
    await work(dir);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** A dataset in an exchange format; with its review history the two files come as one zip. */
async function exportDownload(backend: Backend, body: unknown, ctx: CallContext, res: ServerResponse): Promise<void> {
  const input = parse(exportInput, body);
  const dataset = backend.server.dataset(input.dataset);
  if (input.format === 'hf-parquet') return releaseDownload(backend, input, dataset, ctx, res);
  const ext = input.format === 'vlmevalkit' ? 'tsv' : 'json';
  const base = `${dataset.name}${input.acceptedOnly ? '-accepted' : ''}`;
  await withScratch(backend.server.dataDir, async (dir) => {
    const data = `${fileName(base)}.${ext}`;
    const history = `${fileName(base)}-review-history.json`;
    const result = await backend.server.exportDataset({
      dataset: dataset.id, format: input.format, out: join(dir, data), acceptedOnly: input.acceptedOnly, includeOverridden: input.includeOverridden, license: 'other', quality: input.quality,
      ...(input.reviewHistory ? { reviewHistory: join(dir, history) } : {}),
    }, ctx.userId);
    if (input.reviewHistory) {
      attachment(res, `${base}.zip`, 'application/zip');
      return streamZip(res, dir, [data, history, ...(result.reviewHistory?.guidelines ? [basename(result.reviewHistory.guidelines.path)] : [])]);
    }
    attachment(res, data, ext === 'tsv' ? 'text/tab-separated-values; charset=utf-8' : 'application/json; charset=utf-8');
    await pipeline(createReadStream(join(dir, data)), res);
  });
}

/** Every file under `dir`, as zip entry names (forward slashes on every system). */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).filter((p) => statSync(join(dir, p)).isFile()).map((p) => p.split(sep).join('/'));
}

/**
 * A Hugging Face release (`anchor export --format hf-parquet`: data/*.parquet and the dataset card) as one zip whose
 * folder is named after the dataset, with the review history beside it when asked for.
 */
async function releaseDownload(
  backend: Backend, input: ExportInput, dataset: { id: number; name: string }, ctx: CallContext, res: ServerResponse,
): Promise<void> {
  const base = fileName(`${dataset.name}${input.acceptedOnly ? '-accepted' : ''}`);
  await withScratch(backend.server.dataDir, async (dir) => {
    await backend.server.exportDataset({
      dataset: dataset.id, format: 'hf-parquet', out: join(dir, base), acceptedOnly: input.acceptedOnly, includeOverridden: input.includeOverridden, quality: input.quality,
      ...(input.license ? { license: input.license } : {}), ...(input.reviewHistory ? { reviewHistory: join(dir, `${base}-review-history.json`) } : {}),
    }, ctx.userId);
    attachment(res, `${base}-hf-parquet.zip`, 'application/zip');
    await streamZip(res, dir, filesUnder(dir));
  });
}

async function reportDownload(backend: Backend, body: unknown, ctx: CallContext, res: ServerResponse): Promise<void> {
  const result = await backend.dispatch('reports.html', parse(reportInput, body), ctx);
  if (!result.ok) throw new AppError(result.error.code, result.error.message);
  const { filename, html } = result.value as { filename: string; html: string };
  attachment(res, filename, 'text/html; charset=utf-8');
  res.end(html);
}

async function variantsDownload(backend: Backend, body: unknown, res: ServerResponse): Promise<void> {
  const input = parse(variantsInput, body);
  const dataset = backend.server.dataset(input.dataset);
  await withScratch(backend.server.dataDir, async (dir) => {
    backend.server.exportVariants(dataset.id, dir);
    attachment(res, `${dataset.name}-variants.zip`, 'application/zip');
    await streamZip(res, dir);
  });
}

/** A run's results (`runs.export`) for whoever may read its predictions, under the same read rules. */
async function runDownload(backend: Backend, body: unknown, ctx: CallContext, res: ServerResponse): Promise<void> {
  const input = parse(runInput, body);
  await withScratch(backend.server.dataDir, async (dir) => {
    const name = await backend.server.exportRunResults(input.id, input.format, ctx, dir);
    attachment(res, name, RESULT_TYPES[input.format]);
    await pipeline(createReadStream(join(dir, name)), res);
  });
}

/**
 * `POST /download/<kind>`: exports, HTML reports and variant images reach a browser as downloads, so no caller over
 * the network ever names a path on the server. Roles are checked before the body is read.
 */
export async function serveDownload(backend: Backend, kind: string, ctx: CallContext, req: IncomingMessage, res: ServerResponse): Promise<void> {
  switch (kind) {
    case 'export':
      requireLead(backend, ctx, 'export a dataset');
      return exportDownload(backend, await readJson(req, BODY_LIMITS.api), ctx, res);
    case 'report':
      backend.authorize('reports.html', ctx);
      return reportDownload(backend, await readJson(req, BODY_LIMITS.api), ctx, res);
    case 'run':
      backend.authorize('runs.predictions', ctx);
      return runDownload(backend, await readJson(req, BODY_LIMITS.api), ctx, res);
    case 'variants':
      requireLead(backend, ctx, 'export variants');
      return variantsDownload(backend, await readJson(req, BODY_LIMITS.api), res);
    default:
      throw new AppError('not_found', `there is no download "${kind}"`);
  }
}
