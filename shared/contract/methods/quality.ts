import { z } from 'zod';
import { LEAD, method } from '../define';
import { duplicatesInputSchema, duplicatesSchema, qualityReportInputSchema, qualityReportSchema } from '../quality-entities';
import { visualCheckInputSchema, visualCheckStartedSchema, visualQuestionSchema, visualResultsSchema } from '../visual-entities';

/** Building a better benchmark (issue 36): near-duplicate images and duplicate questions; the visual-dependency check. */
export const qualityMethods = {
  'quality.duplicates': method({
    access: LEAD, reads: ['items', 'questions'],
    doc: 'Near-duplicate images (dHash, within and across datasets) and exact duplicate questions (same normalised text and images).',
    input: duplicatesInputSchema,
    output: duplicatesSchema,
  }),
  'quality.report': method({
    access: LEAD, reads: ['datasets', 'items', 'questions', 'team', 'runs'],
    doc: "A dataset's quality report: duplicates, checker agreement (raw and Cohen's kappa per role), questions answerable blind, provenance.",
    input: qualityReportInputSchema,
    output: qualityReportSchema,
  }),
  /**
   * MMStar's coarse filter (METHODS §11): each text-only model is asked every question without its image, each vision
   * model with it, as one run per model whose replies are read like any run's; only (question, model) readings not
   * kept for the question's current text are asked, so adding a model asks only that model. Runs that already exist
   * (`runs`) are counted as their endpoints' readings first, for the questions not revised since (DECISIONS 261-262).
   */
  'quality.checkVisual': method({
    access: LEAD,
    doc: 'Start the visual-dependency check of a dataset (text-only models without the image, vision models with it) as a job; '
      + 'runs of the dataset that already exist count as readings, and what each gave is returned.',
    input: visualCheckInputSchema,
    output: visualCheckStartedSchema, mutates: ['runs', 'jobs', 'questions'],
  }),
  'quality.visual': method({
    access: LEAD, reads: ['runs', 'questions'],
    doc: 'The visual-dependency check of a dataset: per question how many models answered right without and with the image, the flag, and per triplet the pattern.',
    input: z.object({ datasetId: z.number().int() }),
    output: visualResultsSchema,
  }),
  /** What the annotator's form shows while they edit: the flags of one item's questions (for their current text). */
  'quality.visualItem': method({
    access: 'user', reads: ['runs', 'questions'],
    doc: 'The visual-dependency flags of one item\'s questions, for whoever may read the item.',
    input: z.object({ itemId: z.number().int() }),
    output: z.object({ threshold: z.number(), questions: z.array(visualQuestionSchema) }),
  }),
};
