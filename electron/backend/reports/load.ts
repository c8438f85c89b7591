import type { Role } from '@shared/contract';
import { mmbenchL1 } from '@shared/scoring/mmbench-abilities';
import { isScoringRule, ruleOf } from '@shared/scoring/rules';
import { VRP_KEYS } from '@shared/scoring/accuracy';
import type { Db } from '../db/open';
import { mapInSlices } from '../jobs/slices';
import { pageQuestionRows, pageTextRows, pageUnitRows, runQuestionIds, runQuestionRows, runUnitRows, type QuestionRow, type UnitRow } from './store/questions';
import { runConfig, runRow } from '../runs/runs';
import { majorityVote, type Vote } from '@shared/scoring/majority';
import { jsonColumn } from '../db/json-column';
import { readAnswer, readMeta } from '../items/columns';

/** One asked pass of a question as a report sees it. */
export interface ScoredPass {
  pass: number;
  state: 'answered' | 'error' | 'pending';
  correct: boolean;
  label: string | null;
  extraction: string | null;
  corrected: boolean;
}

/** One question of a run with its passes collapsed: the unit every accuracy counts. */
export interface ScoredQuestion {
  questionId: number;
  itemId: number;
  extId: string;
  role: Role;
  text: string;
  gold: string;
  flag: string | null;
  passes: ScoredPass[];
  /** Every pass answered (errors and unsent passes leave a question out of every accuracy). */
  scored: boolean;
  /** CircularEval: right only when every pass is; repeated trials: the majority answer; single-pass runs: the one pass. */
  correct: boolean;
  /** Runs with repeated trials (METHODS §6.6): the majority vote over the passes, once every trial is answered. */
  vote?: Vote;
  groups: Record<string, string | null>;
  /**
   * The questions that are not independent of this one share its cluster (METHODS §5): a VRP variant's original
   * item, otherwise its own item (a triplet's three questions, or one question alone).
   */
  cluster: string;
  /** The item whose id names the cluster; kept as a number in the stored outcome vector. */
  clusterItem: number;
}

/** A cluster's name from its item: one spelling for the loaded questions and the stored outcome vectors. */
export const clusterKey = (itemId: number) => `item:${itemId}`;

type VrpValues = Partial<Record<(typeof VRP_KEYS)[number], string>>;

/** Extra columns a VRPTest-style TSV may carry, by the names its files use. */
const VRP_COLUMNS: Record<(typeof VRP_KEYS)[number], string[]> = {
  level: ['level', 'intervention', 'intervention_level'],
  colour: ['colour', 'color'],
  font: ['font'],
  shape: ['shape'],
  position: ['position', 'text_position'],
};

/**
 * VRP relation values of a question: `meta.vrp` as the variant generator writes it, else extra TSV columns named as
 * VRPTest's files name them, so imported VRPTest sets are reportable too.
 */
function vrpValues(qMeta: string, iMeta: string): VrpValues | null {
  for (const raw of [qMeta, iMeta]) {
    const meta = jsonColumn<{ vrp?: VrpValues; extra?: Record<string, unknown> }>(raw);
    if (meta.vrp && typeof meta.vrp === 'object') return meta.vrp;
    if (meta.extra) {
      const found: VrpValues = {};
      for (const key of VRP_KEYS) {
        const column = VRP_COLUMNS[key].find((c) => typeof meta.extra![c] === 'string' && meta.extra![c] !== '');
        if (column) found[key] = String(meta.extra[column]);
      }
      if (found.level !== undefined) return found;
    }
  }
  return null;
}

/** A VRP variant clusters with its original's item (`meta.variantOf`), anything else with its own item. */
function clusterItemOf(r: QuestionRow): number {
  for (const raw of [r.q_meta, r.i_meta]) {
    const meta = jsonColumn<{ variantOf?: { itemId?: unknown } }>(raw);
    if (typeof meta.variantOf?.itemId === 'number') return meta.variantOf.itemId;
  }
  return r.item_id;
}

function toQuestion(r: QuestionRow, flag: string | null): ScoredQuestion {
  const vrp = vrpValues(r.q_meta, r.i_meta);
  const clusterItem = clusterItemOf(r);
  return {
    questionId: r.id, itemId: r.item_id, extId: r.ext_id, role: r.role, text: r.text,
    gold: readAnswer(r.answer).join(' | '), flag, passes: [], scored: false, correct: false, cluster: clusterKey(clusterItem), clusterItem,
    groups: {
      role: r.role, source: r.source, category: r.category, l1Category: mmbenchL1(r.l2_category), l2Category: r.l2_category, subject: r.subject,
      split: r.split,
      ...(vrp ? { level: vrp.level ?? null, colour: vrp.colour ?? null, font: vrp.font ?? null, shape: vrp.shape ?? null,
        position: vrp.position ?? null } : {}),
    },
  };
}

/** Groups by scoring rule (METHODS §5) only when some question sets one: otherwise every question has its type's. */
function groupByRule(questions: ScoredQuestion[], details: ReadonlyMap<number, QuestionRow>): void {
  const rows = questions.map((q) => details.get(q.questionId)!);
  if (!rows.some((r) => isScoringRule(readMeta(r.q_meta).scoring))) return;
  questions.forEach((q, i) => (q.groups.scoring = ruleOf(rows[i]!.type, rows[i]!.q_meta)));
}

/** Questions' text and metadata by id, read once for a page several runs share. */
export type QuestionDetails = ReadonlyMap<number, QuestionRow>;

export function questionDetails(db: Db, ids: readonly number[]): QuestionDetails {
  return new Map(pageQuestionRows(db, ids).map((r) => [r.id, r]));
}

/**
 * Every question of a run — or only the questions `only` names, for a page of rows — with its passes, correctness
 * and the values it is grouped by, in the run's order.
 */
export function loadScored(db: Db, runId: number, only: readonly number[] | null = null, known?: QuestionDetails): ScoredQuestion[] {
  const voting = votes(db, runId);
  const details = known ?? new Map((only === null ? runQuestionRows(db, runId) : pageQuestionRows(db, only)).map((r) => [r.id, r]));
  const byQuestion = new Map<number, ScoredQuestion>();
  addPasses(byQuestion, details, only === null ? runUnitRows(db, runId) : pageUnitRows(db, runId, only));
  return settled([...byQuestion.values()], details, voting);
}

/** Whether the run's passes are repeated trials, scored by majority vote; reading the run also checks that it exists. */
const votes = (db: Db, runId: number): boolean => runConfig(runRow(db, runId)).trials !== undefined;

/** Questions a page of loaded rows reads at a time (loadScoredInSlices): a few milliseconds of work. */
const PAGE_QUESTIONS = 256;

/**
 * loadScored of a whole run, a page of questions at a time with other callers served between pages (jobs/slices.ts),
 * in the same order and with the same result, for work that must not hold a server: a run's summary computed after an
 * import took 60–100 ms in one piece at 4,096 questions (issue 29). The caller checks that nothing changed meanwhile.
 */
export async function loadScoredInSlices(db: Db, runId: number): Promise<ScoredQuestion[]> {
  const voting = votes(db, runId);
  const ids = runQuestionIds(db, runId);
  const pages: number[][] = [];
  for (let from = 0; from < ids.length; from += PAGE_QUESTIONS) pages.push(ids.slice(from, from + PAGE_QUESTIONS));
  const details = new Map<number, QuestionRow>();
  const byQuestion = new Map<number, ScoredQuestion>();
  await mapInSlices(pages, (page) => {
    for (const r of pageQuestionRows(db, page)) details.set(r.id, r);
    addPasses(byQuestion, details, pageUnitRows(db, runId, page));
  });
  return settled([...byQuestion.values()], details, voting);
}

/** Each unit row as a pass of its question, the question made on its first pass (in the rows' order). */
function addPasses(byQuestion: Map<number, ScoredQuestion>, details: QuestionDetails, units: readonly UnitRow[]): void {
  for (const u of units) {
    let q = byQuestion.get(u.question_id);
    if (!q) byQuestion.set(u.question_id, (q = toQuestion(details.get(u.question_id)!, u.flag)));
    q.passes.push({
      pass: u.pass,
      state: u.status ?? 'pending',
      correct: u.correct === 1,
      label: u.corrected ?? u.extracted,
      extraction: u.corrected !== null ? 'corrected' : u.extraction,
      corrected: u.corrected !== null,
    });
  }
}

/** The questions' rule groups, and whether each is scored and right, once all their passes are in. */
function settled(questions: ScoredQuestion[], details: QuestionDetails, voting: boolean): ScoredQuestion[] {
  groupByRule(questions, details);
  for (const q of questions) {
    q.scored = q.passes.every((p) => p.state === 'answered');
    if (voting) {
      // As with CircularEval, a question counts once every trial is in: a vote of the trials that happened to answer
      // first would change with the order replies arrived.
      if (q.scored) q.vote = majorityVote(q.passes);
      q.correct = q.vote?.correct ?? false;
    } else {
      q.correct = q.scored && q.passes.every((p) => p.correct);
    }
  }
  return questions;
}

export const hasVrp = (questions: readonly ScoredQuestion[]) => questions.some((q) => q.groups.level !== undefined && q.groups.level !== null);

/** What a shown answer needs of one asked pass. */
export type ShownPass = Pick<ScoredPass, 'pass' | 'label' | 'correct'>;

/**
 * The answer a report shows for a question: its label, and for CircularEval how many rotations were right, since the
 * first pass's label alone can be right while the question is wrong.
 */
export function shownLabel(passes: readonly ShownPass[]): string | null {
  const label = passes[0]?.label ?? null;
  if (passes.length < 2) return label;
  return `${label ?? '∅'} · ${passes.filter((p) => p.correct).length}/${passes.length} passes`;
}

/** A voted question shows its majority answer and how many trials agree with it. */
export const shownAnswer = (q: ScoredQuestion): string | null =>
  q.vote ? `${q.vote.label ?? '∅'} · ${q.vote.agreeing}/${q.passes.length} trials agree` : shownLabel(q.passes);

/** A question as a page of compared answers shows it. */
export interface PageQuestion { itemId: number; role: Role; text: string; gold: string }

/** A page of questions' text, answers and items, by id: one read. */
export function pageQuestions(db: Db, ids: readonly number[]): ReadonlyMap<number, PageQuestion> {
  return new Map(pageTextRows(db, ids).map(([id, itemId, role, text, answer]) => [id, { itemId, role, text, gold: readAnswer(answer).join(' | ') }]));
}
