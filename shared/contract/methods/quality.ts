import { LEAD, method } from '../define';
import { duplicatesInputSchema, duplicatesSchema } from '../quality-entities';

/** Building a better benchmark (issue 36): near-duplicate images and duplicate questions. */
export const qualityMethods = {
  'quality.duplicates': method({
    access: LEAD, reads: ['items', 'questions'],
    doc: 'Near-duplicate images (dHash, within and across datasets) and exact duplicate questions (same normalised text and images).',
    input: duplicatesInputSchema,
    output: duplicatesSchema,
  }),
};
