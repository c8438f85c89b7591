/**
 * The longest reply the rules read, in UTF-16 units (DECISIONS 110). It bounds the work one reply can cost the server
 * (issue 29): choice extraction leaves a longer reply to the judge (a reply that long is reasoning, whose letters are
 * mostly passing mentions); MMMU's open-answer parse reads its first READ_LIMIT units, where the official code reads
 * all of it — the two differ only on replies longer than this.
 */
export const READ_LIMIT = 16_000;
