import { describe, expect, it } from 'vitest';
import type { TripletDraft } from '../contract/team-entities';
import { editShare, provenanceKind } from './provenance';

const drafted: TripletDraft = {
  perception: { text: 'What is red?', options: ['apple', 'leaf'], answer: 'A', rationale: '' },
  knowledge: { text: 'Which is a fruit?', options: ['apple', 'stone'], answer: 'A', rationale: '' },
};
const copy = (): TripletDraft => structuredClone(drafted);

describe('provenance of a drafted triplet', () => {
  it('is unchanged when every word stays, white space and the rationale aside', () => {
    const same = copy();
    same.perception.text = '  What   is red? ';
    same.knowledge.rationale = 'apples are fruit';
    expect(editShare(drafted, same)).toBe(0);
    expect(provenanceKind(editShare(drafted, same))).toBe('drafted_unchanged');
  });

  it('counts the words removed and added over the words of both sides', () => {
    // perception: "What is red? A. apple B. leaf answer: A" = 9 words; knowledge: "Which is a fruit? A. apple B. stone answer: A" = 10.
    const edited = copy();
    edited.perception.text = 'What is green?';
    expect(editShare(drafted, edited)).toBeCloseTo(2 / 38, 12);
    const answer = copy();
    answer.knowledge.answer = 'B';
    expect(editShare(drafted, answer)).toBeCloseTo(2 / 38, 12);
    expect(provenanceKind(2 / 38)).toBe('drafted_edited');
  });

  it('counts the option labels kept when every word is rewritten, and is human-written without a draft', () => {
    const other: TripletDraft = {
      perception: { text: 'x', options: ['y', 'z'], answer: null, rationale: '' },
      knowledge: { text: 'x', options: ['y', 'z'], answer: null, rationale: '' },
    };
    // Option labels stay ("A." "B." "answer:"), so rewriting every word the model wrote still keeps those.
    expect(editShare(drafted, other)).toBeGreaterThan(0.5);
    expect(editShare(drafted, other)).toBeLessThan(1);
    expect(provenanceKind(null)).toBe('human');
  });
});
