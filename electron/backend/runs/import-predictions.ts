import { readFileSync } from 'node:fs';
import { basename, extname } from 'node:path';
import { parse as parseCsv } from 'csv-parse/sync';
import type { Option, ParsedInput, Role } from '../../../shared/contract';
import { presetTemplate, type PromptTemplate } from '../../../shared/prompts/templates';
import { isRight, readResponse } from '../../../shared/scoring/answer';
import { ruleOf } from '../../../shared/scoring/rules';
import { EXTRACTOR_VERSION } from '../../../shared/scoring/extract';
import type { Db } from '../db/open';
import { AppError } from '../errors';
import { readMmEvalProOutput, readMmmuPredictions } from '../formats/model-output';
import { configHash, templateHash, type FrozenConfig } from './config';
import { storeAnswer } from './predictions';

/** One model answer read from a file, keyed by the item's id in its source and the question's role. */
interface FileAnswer {
  where: string;
  extId: string;
  role: Role;
  response: string;
}

const fail = (file: string, where: string, message: string) => new AppError('invalid_input', `${basename(file)}: ${where}: ${message}`);

/** MMEvalPro's model-output JSON: rows with triplet_id, eval_type and model_output. */
function mmevalproAnswers(file: string): FileAnswer[] {
  return readMmEvalProOutput(file).map((r) => ({ where: `row ${r.row}`, extId: r.tripletId, role: r.role, response: r.prediction ?? '' }));
}

/** MMMU's eval-only predictions: `{ "validation_Art_1": "B", … }`. */
function mmmuAnswers(file: string): FileAnswer[] {
  return Object.entries(readMmmuPredictions(file)).map(([id, answer]) => ({ where: `id ${id}`, extId: id, role: 'origin' as const, response: answer }));
}

/** A VLMEvalKit prediction table (TSV or CSV): the benchmark's `index` column and the model's `prediction`. */
function tableAnswers(file: string): FileAnswer[] {
  let records: Record<string, string>[];
  try {
    records = parseCsv(readFileSync(file, 'utf8'), { columns: true, delimiter: extname(file).toLowerCase() === '.csv' ? ',' : '\t', skip_empty_lines: true, relax_quotes: true, bom: true });
  } catch (error) {
    throw new AppError('invalid_input', `${basename(file)}: ${(error as Error).message}`);
  }
  if (records.length === 0) throw fail(file, 'file', 'no rows');
  for (const column of ['index', 'prediction']) {
    if (!(column in records[0]!)) throw fail(file, 'line 1', `no "${column}" column (VLMEvalKit prediction files have index and prediction)`);
  }
  // Line numbers as an editor shows them: the header is line 1.
  return records.map((r, i) => ({ where: `line ${i + 2}`, extId: r.index!, role: 'origin' as const, response: r.prediction ?? '' }));
}

interface Target { id: number; type: 'multiple-choice' | 'open'; options: string; answer: string; meta: string }

/** The template an imported run names: the words are unknown, so it says so rather than pretend. */
function importedTemplate(): PromptTemplate {
  const base = presetTemplate('vlmevalkit-mcq')!;
  return { ...base, id: 'imported', name: 'unknown (imported predictions)' };
}

/**
 * Scores a model-output file inside a project: every answer is matched to a question of the dataset and read with the
 * same rules as a live run (no judge: there is no endpoint to ask), in one transaction. Any answer that matches no
 * question, or a question answered twice, refuses the whole file with the row at fault.
 */
export function importPredictions(db: Db, input: ParsedInput<'runs.importPredictions'>, userId: string | null, now: Date): { runId: number; predictions: number; correct: number } {
  const dataset = db.prepare('SELECT id, name FROM datasets WHERE id = ?').get(input.datasetId) as { id: number; name: string } | undefined;
  if (!dataset) throw new AppError('not_found', `dataset ${input.datasetId} does not exist`);
  const answers = input.format === 'mmevalpro' ? mmevalproAnswers(input.path) : input.format === 'mmmu' ? mmmuAnswers(input.path) : tableAnswers(input.path);
  if (answers.length === 0) throw fail(input.path, 'file', 'no predictions');

  const lookup = db.prepare(`SELECT q.id, q.type, q.options, q.answer, q.meta FROM questions q JOIN items i ON i.id = q.item_id
    WHERE i.dataset_id = ? AND i.ext_id = ? AND q.role = ? ORDER BY q.id LIMIT 1`);
  const seen = new Map<number, string>();
  const matched = answers.map((a) => {
    const q = lookup.get(dataset.id, a.extId, a.role) as Target | undefined;
    if (!q) throw fail(input.path, a.where, `no ${a.role} question with id "${a.extId}" in dataset "${dataset.name}"`);
    const before = seen.get(q.id);
    if (before) throw fail(input.path, a.where, `answers the same question as ${before}`);
    seen.set(q.id, a.where);
    return { a, q };
  });

  const template = importedTemplate();
  const config: FrozenConfig = {
    kind: 'model', endpoint: null, judge: null, template, templateHash: templateHash(template), extractor: EXTRACTOR_VERSION,
    temperature: 0, maxTokens: 0, seed: null, imageMaxSide: 0, circular: false, images: true, concurrency: 1, failFast: false,
    selection: { datasetId: dataset.id, roles: [...new Set(matched.map((m) => m.a.role))], filter: {}, limit: null },
    imported: { file: basename(input.path), format: input.format, rows: answers.length },
  };
  const at = now.toISOString();
  const name = input.name?.trim() || `${input.model} · ${dataset.name} · imported`;
  return db.transaction(() => {
    const runId = Number(db.prepare(`INSERT INTO runs (name, dataset_id, kind, endpoint, model, config, config_hash, status, created_by, created_at, finished_at)
      VALUES (?, ?, 'model', 'imported', ?, ?, ?, 'done', ?, ?, ?)`).run(name, dataset.id, input.model, JSON.stringify(config), configHash(config), userId, at, at).lastInsertRowid);
    const unit = db.prepare('INSERT INTO run_units (run_id, position, question_id, pass, options, answer, flag) VALUES (?, ?, ?, 0, ?, ?, NULL)');
    let correct = 0;
    matched.forEach(({ a, q }, position) => {
      unit.run(runId, position, q.id, q.options, q.answer);
      const rule = ruleOf(q.type, q.meta);
      const read = readResponse(q.type, JSON.parse(q.options) as Option[], a.response, rule);
      const right = isRight(q.type, JSON.parse(q.answer) as string[], read.label, a.response, rule);
      if (right) correct++;
      storeAnswer(db, runId, q.id, 0, {
        raw: a.response, label: read.label, path: read.path, correct: right, prompt: [], judge: [],
        tokensIn: null, tokensOut: null, latencyMs: null, cost: null, cached: false, attempts: 1,
      }, at);
    });
    return { runId, predictions: matched.length, correct };
  })();
}
