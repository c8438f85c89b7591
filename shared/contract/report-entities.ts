import { z } from 'zod';
import { roleSchema } from './entities';
import { askedOnceSchema, runSummarySchema } from './eval-entities';
import { datasetRefFields, recordIdSchema, timestampSchema } from '../domain/entity';

/** Accuracy of one group: counts, ×100 unrounded, and its 95% Wilson interval (also ×100). */
export const accuracyCellSchema = z.object({
  n: z.number().int(),
  correct: z.number().int(),
  accuracy: z.number(),
  ci95: z.object({ low: z.number(), high: z.number() }),
  /**
   * 95% cluster bootstrap interval (×100) when questions come in clusters (a triplet's three questions, a VRP
   * original's variants): whole clusters resampled, 2,000 times, fixed seed (METHODS §5). Absent otherwise.
   */
  ci95Cluster: z.object({ low: z.number(), high: z.number(), clusters: z.number().int() }).optional(),
});
export type AccuracyCellData = z.infer<typeof accuracyCellSchema>;

const groupedSchema = z.record(z.string(), z.record(z.string(), accuracyCellSchema));

/**
 * The groupings a run report offers, in the order the Reports screen lists them. `l1Category` is MMBench's L-1 ability
 * (Perception / Reasoning), read from an MMBench L-2 category (METHODS §5).
 */
export const reportGroupKeys = ['category', 'source', 'role', 'subject', 'l1Category', 'l2Category', 'split', 'scoring'] as const;
export type ReportGroupKey = (typeof reportGroupKeys)[number];

const roleRecord = z.object({ origin: z.number(), perception: z.number(), knowledge: z.number() });

export const mmEvalProScoresSchema = z.object({
  genuine_accuracy_score: z.number(),
  average_score: z.number(),
  origin_score: z.number(),
  perception_score: z.number(),
  knowledge_score: z.number(),
  /** OA − GA */
  consistency_gap: z.number(),
  /** P(perception right | origin right) */
  perception_consistency: z.number(),
  /** P(knowledge right | origin right) */
  knowledge_consistency: z.number(),
  /** conditional[X][Y] = P(X right | Y right), ×100 */
  conditional: z.object({ origin: roleRecord, perception: roleRecord, knowledge: roleRecord }),
  /** Triplets whose question of each role is right: the denominators of the conditional matrix's columns. */
  conditional_n: roleRecord,
  /** Complete triplets (all three roles answered): the denominator of GA, CG, PC, KC and the conditional matrix. */
  triplets: z.number().int(),
  /** Triplets missing a role (a run that skipped a question): left out of the triplet metrics, counted here. */
  incomplete_triplets: z.number().int(),
  questions: z.number().int(),
});

export const mmEvalProReportSchema = z.object({
  bySource: z.record(z.string(), mmEvalProScoresSchema),
  Macro_Average: mmEvalProScoresSchema.omit({ conditional: true, conditional_n: true, triplets: true, incomplete_triplets: true, questions: true }),
  Micro_Average: mmEvalProScoresSchema,
});

/** The five figures MMEvalPro's published `auto_score.py` prints for a group. */
export const officialFiguresSchema = mmEvalProScoresSchema.pick({
  genuine_accuracy_score: true, average_score: true, origin_score: true, perception_score: true, knowledge_score: true,
});
export type OfficialFigures = z.infer<typeof officialFiguresSchema>;

/** One place where the official script's reading and the studio's differ: a triplet (role null) or a question. */
export const officialDifferenceSchema = z.object({
  tripletId: z.string(),
  source: z.string(),
  role: roleSchema.nullable(),
  /** Right (a question) or genuine (a triplet) to the official script. */
  official: z.boolean(),
  /** Right to the studio; null for a triplet the studio leaves out. */
  studio: z.boolean().nullable(),
  why: z.string(),
});
export type OfficialDifference = z.infer<typeof officialDifferenceSchema>;

/** MMEvalPro's figures as `auto_score.py` computes them (METHODS §5); null where the script would divide by zero. */
export const mmEvalProOfficialSchema = z.object({
  bySource: z.record(z.string(), officialFiguresSchema.nullable()),
  Macro_Average: officialFiguresSchema.nullable(),
  Micro_Average: officialFiguresSchema.nullable(),
  differences: z.array(officialDifferenceSchema),
  /** Every difference, listed or not (a run report lists the first 200). */
  differenceCount: z.number().int(),
});
export type MmEvalProOfficial = z.infer<typeof mmEvalProOfficialSchema>;

/** The scorers benchmark authors ship whose figures the studio reproduces beside its own (issue 30, METHODS §5). */
export const officialScorers = ['mmmu', 'vlmevalkit', 'mmstar'] as const;
export type OfficialScorer = (typeof officialScorers)[number];

/** One figure as the official code prints it: a fraction, null where the code would divide by zero. */
export const officialGroupSchema = z.object({ name: z.string(), num: z.number().int(), acc: z.number().nullable() });
export type OfficialGroup = z.infer<typeof officialGroupSchema>;

/** A question the official code and the studio read differently, or one the official code answered at random. */
export const officialQuestionSchema = z.object({
  id: z.string(),
  /** What the official code read ("B", an open answer's candidates, "Z"), null when it read nothing. */
  official: z.string().nullable(),
  officialRight: z.boolean(),
  studio: z.string().nullable(),
  studioRight: z.boolean(),
  /** The official code read nothing and took a letter from its seeded random draw. */
  randomFallback: z.boolean(),
  why: z.string(),
});
export type OfficialQuestion = z.infer<typeof officialQuestionSchema>;

export const officialScoreSchema = z.object({
  scorer: z.enum(officialScorers),
  /** The code reproduced: repository, files and commit. */
  reference: z.string(),
  /** The headline figure as the code prints it (a fraction); null where it prints none (several splits). */
  overall: z.number().nullable(),
  groups: z.array(officialGroupSchema),
  /** The studio's own accuracy (a fraction) on the same questions, for the side-by-side. */
  studio: z.object({ num: z.number().int(), right: z.number().int(), acc: z.number().nullable() }),
  randomFallbacks: z.number().int(),
  /** What the official code would do instead of printing (stop on a missing category), else null. */
  note: z.string().nullable(),
  differences: z.array(officialQuestionSchema),
  /** Every difference, listed or not (a run report lists the first 200). */
  differenceCount: z.number().int(),
});
export type OfficialScore = z.infer<typeof officialScoreSchema>;

/**
 * Runs with repeated trials (VRPTest, METHODS §6.6): the vote and its spread. Agreement is the share of a question's
 * trials that gave its majority answer (1 = unanimous); `firstTrial` is what the first trial alone scores on the same
 * questions, i.e. the run without repeats.
 */
export const trialsPanelSchema = z.object({
  trials: z.number().int(),
  voted: z.number().int(),
  meanAgreement: z.number(),
  unanimous: z.number().int(),
  ties: z.number().int(),
  majority: accuracyCellSchema,
  firstTrial: accuracyCellSchema,
  /** Questions per "k/N trials agree". */
  byAgreement: z.record(z.string(), z.number().int()),
  /** Questions whose trials disagreed, least agreement first (the first 200), with every answer's votes (∅ = none read). */
  split: z.array(z.object({
    questionId: z.number().int(), extId: z.string(), majority: z.string().nullable(), agreeing: z.number().int(), tie: z.boolean(),
    votes: z.record(z.string(), z.number().int()),
  })),
  splitCount: z.number().int(),
});
export type TrialsPanel = z.infer<typeof trialsPanelSchema>;

export const runReportSchema = z.object({
  run: runSummarySchema,
  /** Questions the run asks; scored = every pass answered; pending and errors are not in any accuracy. */
  coverage: z.object({ questions: z.number().int(), scored: z.number().int(), pending: z.number().int(), errors: z.number().int() }),
  accuracy: z.object({ overall: accuracyCellSchema, by: groupedSchema }),
  /** Answered requests by how their answer was read (METHODS §4), with a person's corrections as `corrected`. */
  extraction: z.record(z.string(), z.number().int()),
  /** CircularEval runs: every pass right vs the first pass alone, overall and per category. */
  circular: z.object({
    circular: accuracyCellSchema,
    singlePass: accuracyCellSchema,
    flagged: z.number().int(),
    askedOnce: z.array(askedOnceSchema).default([]),
    byCategory: z.array(z.object({ group: z.string(), circular: accuracyCellSchema, singlePass: accuracyCellSchema })),
  }).nullable(),
  /** Present when the run asked perception or knowledge questions. */
  mmevalpro: mmEvalProReportSchema.nullable(),
  /**
   * With `mmevalpro`: the same answers as MMEvalPro's published `auto_score.py` reads them (incomplete triplets kept,
   * string equality on the first pass), beside the studio's stricter figures, with where and why they differ.
   */
  mmevalproOfficial: mmEvalProOfficialSchema.nullable(),
  /**
   * The figures of the scorers the benchmark's authors ship that apply to this run (MMMU's, VLMEvalKit's MCQ exact
   * matching, MMStar's), each computed exactly as that code does on the run's replies, beside the studio's.
   */
  official: z.array(officialScoreSchema),
  /** Present when questions carry VRP relation values: accuracy per level and relation value. */
  vrp: groupedSchema.nullable(),
  /** Runs with repeated trials: the majority vote's spread; null otherwise (and in summaries stored before it). */
  trials: trialsPanelSchema.nullable().default(null),
});
export type RunReport = z.infer<typeof runReportSchema>;

export const drillQuestionSchema = z.object({
  questionId: recordIdSchema,
  text: z.string(),
  gold: z.string(),
  label: z.string().nullable(),
  correct: z.boolean(),
});

export const drillRowSchema = z.object({
  itemId: recordIdSchema,
  extId: z.string(),
  source: z.string(),
  origin: drillQuestionSchema.nullable(),
  perception: drillQuestionSchema.nullable(),
  knowledge: drillQuestionSchema.nullable(),
});
export type DrillRow = z.infer<typeof drillRowSchema>;

export const drillInputSchema = z.object({
  runId: z.number().int(),
  /** The heatmap cell P(target right | given right): triplets whose `given` question is right… */
  given: roleSchema,
  target: roleSchema,
  /** …split by whether `target` is right too (false: "right for the wrong reasons"). */
  targetRight: z.boolean().default(false),
  source: z.string().optional(),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(200),
});

export const mcnemarSchema = z.object({
  onlyFirst: z.number().int(), onlySecond: z.number().int(), pValue: z.number(), method: z.enum(['exact', 'chi-square']),
});

export const clusterBootstrapSchema = z.object({
  low: z.number(), high: z.number(), pValue: z.number(), clusters: z.number().int(), resamples: z.number().int(),
});

export const compareInputSchema = z.object({
  runIds: z.array(z.number().int()).min(2).max(8),
  offset: z.number().int().min(0).default(0),
  limit: z.number().int().min(1).max(1000).default(200),
});

export const comparisonBasisSchema = z.enum(['single-pass', 'circular', 'first-pass']);

export const comparisonSchema = z.object({
  runs: z.array(z.object({ id: z.number().int(), name: z.string(), model: z.string(), accuracy: accuracyCellSchema })),
  /** Questions every run has scored; all numbers here are on these alone. */
  common: z.number().int(),
  /** What "right" means here: every run single-pass, every run CircularEval, or a mix compared on each run's first pass. */
  basis: comparisonBasisSchema,
  /** Said beside the table when the basis is not what the runs were asked with. */
  note: z.string().nullable(),
  pairs: z.array(z.object({
    first: z.number().int(), second: z.number().int(), delta: z.number(), mcnemar: mcnemarSchema,
    /** Paired cluster bootstrap of the difference (points, first − second) when the questions are clustered; else null. */
    clusterBootstrap: clusterBootstrapSchema.nullable(),
    /** The test whose p < 0.05 sets `significant`: the cluster bootstrap when there is one, otherwise McNemar. */
    decidedBy: z.enum(['mcnemar', 'cluster-bootstrap']),
    /** p < 0.05 by `decidedBy`; otherwise the difference is inside the noise. */
    significant: z.boolean(),
  })),
  disagreements: z.object({
    total: z.number().int(),
    rows: z.array(z.object({
      questionId: z.number().int(), itemId: z.number().int(), role: roleSchema, text: z.string(), gold: z.string(),
      answers: z.array(z.object({ runId: z.number().int(), label: z.string().nullable(), correct: z.boolean() })),
    })),
  }),
});
export type Comparison = z.infer<typeof comparisonSchema>;

export const seeingInputSchema = z.object({
  withImages: z.number().int(),
  withoutImages: z.number().int(),
  textOnly: z.number().int().nullable().default(null),
});

/** A run a seeing-or-not figure came from, as the report names it. */
export const seeingSourceSchema = z.object({ id: z.number().int(), name: z.string(), model: z.string(), templateName: z.string(), images: z.boolean() });

export const seeingSchema = z.object({
  common: z.number().int(),
  /** The runs S_v, S_wv and S_t came from (MMStar's three are separate runs: the LMM with and without images, its LLM). */
  sources: z.object({ sv: seeingSourceSchema, swv: seeingSourceSchema, st: seeingSourceSchema.nullable() }),
  /** Where a run's settings do not fit its role in MMStar's protocol; the figures are computed all the same. */
  warnings: z.array(z.string()),
  basis: comparisonBasisSchema,
  note: z.string().nullable(),
  sv: accuracyCellSchema,
  swv: accuracyCellSchema,
  st: accuracyCellSchema.nullable(),
  /** MG = S_v − S_wv; ML = max(0, S_wv − S_t), in points. */
  mg: z.number(),
  ml: z.number().nullable(),
});
export type Seeing = z.infer<typeof seeingSchema>;

/**
 * What makes runs comparable on one axis (issue 34): the same questions (a hash of the question ids asked), CircularEval
 * or a single pass, images or none, and the same prompt (the hash of the template's words; imported predictions, whose
 * prompt is unknown, form their own). `key` joins them; the leaderboard ranks only runs of one key together.
 */
export const boardSettingSchema = z.object({
  key: z.string(),
  questionSet: z.string(),
  questions: z.number().int(),
  circular: z.boolean(),
  images: z.boolean(),
  templateName: z.string(),
  templateHash: z.string(),
});
export type BoardSetting = z.infer<typeof boardSettingSchema>;

export const leaderboardRowSchema = z.object({
  runId: z.number().int(),
  name: z.string(),
  model: z.string(),
  kind: runSummarySchema.shape.kind,
  ...datasetRefFields,
  status: runSummarySchema.shape.status,
  circular: z.boolean(),
  images: z.boolean(),
  questions: z.number().int(),
  accuracy: accuracyCellSchema,
  /** MMEvalPro's Genuine Accuracy (Micro) when the run asked whole triplets. */
  genuineAccuracy: z.number().nullable(),
  setting: boardSettingSchema,
  createdAt: timestampSchema,
});
export type LeaderboardRow = z.infer<typeof leaderboardRowSchema>;

export const vrpSeriesSchema = z.array(z.object({ runId: z.number().int(), name: z.string(), model: z.string(), by: groupedSchema }));
export type VrpSeries = z.infer<typeof vrpSeriesSchema>;
