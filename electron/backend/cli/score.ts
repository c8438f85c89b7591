import type { Command } from 'commander';
import { z } from 'zod';
import { mmEvalProOfficialSchema, officialScoreSchema, type MmEvalProOfficial } from '@shared/contract/report-entities';
import { scoreMmEvalPro } from '@shared/scoring/mmevalpro';
import { officialMmEvalPro } from '@shared/scoring/mmevalpro-official';
import { scoreMmmu, type MmmuGold } from '@shared/scoring/mmmu';
import { scoreGraded } from '@shared/scoring/graded-report';
import { AppError } from '../errors';
import { parseWith, readJsonFile, readMmEvalProOutput, readMmmuPredictions } from '../formats/model-output';
import { officialLine } from './official-line';
import { createOutput } from './output';
import { scoreVlmEvalKitTable } from './score-table';
import { gradedScoreLines } from './grade';

const mmmuGold = z.record(z.string(), z.object({ question_type: z.string(), ground_truth: z.union([z.string(), z.array(z.string())]) }));

/** A group of a score file's figures (or of its sources), printed as `name value` cells; anything else has none. */
const figureGroup = z.record(z.string(), z.unknown());
const figuresOf = (value: unknown) => figureGroup.safeParse(value).data ?? {};

const mmvetData = z.record(z.string(), z.object({ capability: z.array(z.string()) }));
const mmvetGrades = z.record(z.string(), z.object({ score: z.array(z.number().min(0).max(1)).min(1) }));

/**
 * MM-Vet's scores (METHODS §5.1) from its evaluator's grade file (`{id: {model, content, score: [one per run]}}`) and
 * `mm-vet.json` for the capabilities: no grader is asked.
 */
function scoreMmVet(file: string, goldPath: string | undefined) {
  if (!goldPath) throw new AppError('invalid_input', 'MM-Vet scoring needs the questions\' capabilities: --gold mm-vet.json');
  const data = parseWith(mmvetData, readJsonFile(goldPath), goldPath);
  const grades = parseWith(mmvetGrades, readJsonFile(file), file);
  const runs = Math.max(...Object.values(grades).map((g) => g.score.length));
  const questions = Object.entries(data).map(([id, d]) => {
    const g = grades[id];
    if (!g) throw new AppError('invalid_input', `${file}: question ${id} of ${goldPath} has no grade`);
    if (g.score.length !== runs) throw new AppError('invalid_input', `${file}: question ${id} has ${g.score.length} grade(s) where others have ${runs}`);
    return { capabilities: d.capability, grades: g.score, override: null };
  });
  return { format: 'mmvet', ...scoreGraded(questions, runs) };
}

export async function scoreFile(file: string, format: string, goldPath?: string): Promise<Record<string, unknown>> {
  if (format === 'mmevalpro') {
    const rows = readMmEvalProOutput(file);
    // The studio's figures, and beside them auto_score.py's own reading of the same file (METHODS §5).
    return { format, ...scoreMmEvalPro(rows), official: officialMmEvalPro(rows) };
  }
  if (format === 'mmmu') {
    if (!goldPath) throw new AppError('invalid_input', 'MMMU scoring needs the gold answers: --gold answer_dict_val.json');
    const gold: Record<string, MmmuGold> = parseWith(mmmuGold, readJsonFile(goldPath), goldPath);
    const predictions = readMmmuPredictions(file);
    const missing = Object.keys(predictions).find((id) => !gold[id]);
    if (missing) throw new AppError('invalid_input', `${file}: prediction ${missing} has no gold answer in ${goldPath}`);
    return { format, ...scoreMmmu(predictions, gold) };
  }
  // A VLMEvalKit prediction table: its exact matching and MMStar's scorer, each beside the studio's reading (METHODS §5).
  if (format === 'vlmevalkit') return scoreVlmEvalKitTable(file);
  if (format === 'mmvet') return scoreMmVet(file, goldPath);
  throw new AppError('invalid_input', `unknown format "${format}"; use mmevalpro, mmmu, vlmevalkit or mmvet`);
}

function human(result: Record<string, unknown>): string {
  const lines: string[] = [];
  for (const [group, value] of Object.entries(result)) {
    if (group === 'format' || group === 'circular') continue;
    if (group === 'official' && result.format === 'vlmevalkit') {
      lines.push(...officialScoreSchema.array().parse(value).map(officialLine));
      continue;
    }
    if (group === 'official') {
      lines.push(...officialLines(mmEvalProOfficialSchema.parse(value)));
      continue;
    }
    if (group === 'bySource') {
      for (const [source, s] of Object.entries(figuresOf(value))) lines.push(row(source, figuresOf(s)));
    } else lines.push(row(group, figuresOf(value)));
  }
  return lines.join('\n');
}

function officialLines(official: MmEvalProOfficial): string[] {
  const groups = { ...official.bySource, Macro_Average: official.Macro_Average, Micro_Average: official.Micro_Average };
  const lines = Object.entries(groups).map(([name, figures]) => (figures === null
    ? `${`official ${name}`.padEnd(34)} not computable: auto_score.py would divide by zero`
    : row(`official ${name}`, figures)));
  if (official.differences.length > 0) lines.push(`${official.differences.length} place(s) where auto_score.py reads the file differently: --json lists them`);
  return lines;
}

function row(name: string, v: Record<string, unknown>): string {
  const cells = Object.entries(v).flatMap(([k, x]) => (typeof x === 'number' ? [`${k} ${x}`] : []));
  return `${name.padEnd(34)} ${cells.join('  ')}`;
}

export function registerScore(program: Command): void {
  program
    .command('score')
    .description('score a model-output file offline (no project needed): MMEvalPro outputs, MMMU eval-only predictions, a VLMEvalKit prediction table or MM-Vet grade files')
    .argument('<file>', 'the predictions file (MM-Vet: its evaluator\'s grade file)')
    .requiredOption('--format <format>', 'mmevalpro | mmmu | vlmevalkit | mmvet')
    .option('--gold <file>', 'MMMU gold answers ({id: {question_type, ground_truth}}); MM-Vet: mm-vet.json')
    .option('--json', 'print one JSON document')
    .action(async (file: string, opts: { format: string; gold?: string; json?: boolean }) => {
      const out = createOutput(Boolean(opts.json));
      try {
        const result = await scoreFile(file, opts.format, opts.gold);
        out.result(result, () => (opts.format === 'mmvet' ? gradedScoreLines(scoreMmVet(file, opts.gold)).join('\n') : human(result)));
        out.flush();
      } catch (error) {
        out.fail(error);
      }
    });
}
