import { LEAD, method } from '../define';
import { duplicatesInputSchema, duplicatesSchema, qualityReportInputSchema, qualityReportSchema } from '../quality-entities';

/** Building a better benchmark (issue 36): near-duplicate images and duplicate questions. */
export const qualityMethods = {
  'quality.duplicates': method({
    access: LEAD, reads: ['items', 'questions'],
    doc: 'Near-duplicate images (dHash, within and across datasets) and exact duplicate questions (same normalised text and images).',
    input: duplicatesInputSchema,
    output: duplicatesSchema,
  }),
  'quality.report': method({
    access: LEAD, reads: ['datasets', 'items', 'questions', 'team'],
    doc: "A dataset's quality report: duplicates, checker agreement (raw and Cohen's kappa per role), questions answerable blind, provenance.",
    input: qualityReportInputSchema,
    output: qualityReportSchema,
  }),
};
