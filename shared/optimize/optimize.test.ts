import { describe, expect, it } from 'vitest';
import { DEFAULT_PARAMS, optimizeParamsSchema } from './params';
import { candidateProblem, introspectionParts, introspectionPrompt, optimizerPrompt, parseCandidate, zeroShotPrompt } from './meta-prompt';
import { combinedScore, cosine, editBudget, lexicalSimilarity, rankBy, wordEditDistance } from './scoring';
import { summariseByModel } from './summary';
import { wordDiff } from './diff';
import { detectQuestionTemplate, inlineQuestionTemplate, matchQuestion, questionTemplateProblem, slotNames } from './question-template';
import { presetTemplate, renderPrompt } from '../prompts/templates';
import { MMMU_SUBJECTS, mmmuSubject } from './mmmu-subjects';

describe('TP-Eval scoring', () => {
  it('uses the paper\'s defaults: N = 16, K = 8, 3 per round, α = 0.8, α* = 0.6, temperature 1.0', () => {
    expect(DEFAULT_PARAMS).toMatchObject({ rounds: 16, topK: 8, perRound: 3, alpha: 0.8, alphaStar: 0.6, temperature: 1 });
    // Written out so nothing parses at import; it stays what the schema's defaults give.
    expect(DEFAULT_PARAMS).toEqual(optimizeParamsSchema.parse({}));
  });

  it('combines accuracy and similarity as c = α·a + (1−α)·s', () => {
    expect(combinedScore(0.5, 1, 0.8)).toBeCloseTo(0.6, 12);
    expect(combinedScore(0.75, 0.5, 0.6)).toBeCloseTo(0.65, 12);
  });

  it('re-ranks with α*: a candidate that won on accuracy can lose to one that kept the meaning', () => {
    const candidates = [
      { id: 1, accuracy: 0.70, similarity: 0.40 },
      { id: 2, accuracy: 0.65, similarity: 0.60 },
      { id: 3, accuracy: 0.50, similarity: 1.00 },
    ];
    expect(rankBy(candidates, 0.8).map((c) => c.id)).toEqual([2, 1, 3]);
    expect(rankBy(candidates, 0.95).map((c) => c.id)).toEqual([1, 2, 3]);
    expect(rankBy(candidates, 0.6).map((c) => c.id)).toEqual([3, 2, 1]);
    expect(rankBy([{ id: 5, accuracy: 0.5, similarity: 0.5 }, { id: 4, accuracy: 0.5, similarity: 0.5 }], 0.8).map((c) => c.id)).toEqual([4, 5]);
  });

  it('measures similarity by embeddings\' cosine, or lexically by shared words when there are none', () => {
    expect(cosine([1, 0], [0, 1])).toBe(0);
    expect(cosine([1, 2, 3], [2, 4, 6])).toBeCloseTo(1, 12);
    expect(lexicalSimilarity('Answer the question.', 'answer THE question')).toBeCloseTo(1, 12);
    expect(lexicalSimilarity('red green', 'blue yellow')).toBe(0);
    expect(lexicalSimilarity('a b', 'a c')).toBeCloseTo(0.5, 12);
  });

  it('counts edits in words and lets the budget decay from p0\'s length to a floor', () => {
    expect(wordEditDistance('Answer the question {question}', 'Answer this question {question}')).toBe(1);
    expect(wordEditDistance('a b c', 'a c')).toBe(1);
    expect(wordEditDistance('a b c', 'x y z w')).toBe(4);
    const p0 = 'one two three four five six seven eight nine ten eleven twelve thirteen fourteen fifteen sixteen seventeen eighteen nineteen twenty';
    const budgets = Array.from({ length: 16 }, (_, i) => editBudget(i + 1, p0, DEFAULT_PARAMS));
    expect(budgets[0]).toBe(20);
    expect(budgets[1]).toBe(17);
    expect(budgets.at(-1)).toBe(3);
    for (let i = 1; i < budgets.length; i++) expect(budgets[i]!).toBeLessThanOrEqual(budgets[i - 1]!);
  });
});

describe('TP-Eval texts', () => {
  const top = [{ prompt: 'Look closely. {question} {options}', score: 0.7, accuracy: 0.65, similarity: 0.9, introspection: 'It ignored the options.' }];

  it('builds the meta-prompt from description, pseudo-gradient, examples and the budgeted instruction', () => {
    const text = optimizerPrompt({ task: 'counting', mode: 'whole', top, examples: [{ question: 'How many cats?', options: ['A. 1', 'B. 2'], answer: 'B' }], counter: 7 });
    expect(text).toContain('task "counting"');
    expect(text).toContain('<prompt>Look closely. {question} {options}</prompt>');
    expect(text).toContain('Score: 0.700 (accuracy 0.650, similarity to the original 0.900)');
    expect(text).toContain('It ignored the options.');
    expect(text).toContain('1. How many cats? Options: A. 1; B. 2. Correct answer: B');
    expect(text).toContain('edit at most 7 words');
    expect(text).toContain('keep the placeholders {question} and {options}');
    expect(optimizerPrompt({ task: 't', mode: 'prefix', top, examples: [], counter: 3 })).toContain('short prefix');
  });

  it('asks the analyzer about the wrong answers only, and zero-shot learns from other tasks\' pairs', () => {
    const text = introspectionPrompt('P', [{ question: 'Q1?', options: ['A. x', 'B. y'], gold: 'A', reply: 'I think y', images: ['h1'] }]);
    expect(text).toContain('<prompt>P</prompt>');
    expect(text).toContain('Correct answer: A');
    expect(text).toContain('The model replied: I think y');
    const zero = zeroShotPrompt({ task: 'new', mode: 'whole', p0: 'P0 {question} {options}', pairs: [{ task: 'old', original: 'O', optimised: 'O2' }], counter: 5 });
    expect(zero).toContain('Task "old"\nOriginal: <prompt>O</prompt>\nOptimised: <prompt>O2</prompt>');
    expect(zero).toContain('<prompt>P0 {question} {options}</prompt>');
  });

  it('reads the proposed prompt from tags or a fence, and checks its placeholders', () => {
    expect(parseCandidate('Sure! <prompt> New {question} {options} </prompt> Hope it helps')).toBe('New {question} {options}');
    expect(parseCandidate('```\nFenced {question}\n```')).toBe('Fenced {question}');
    expect(parseCandidate('<prompt></prompt>')).toBeNull();
    expect(candidateProblem('Q: {question} {options}', 'whole', true)).toBeNull();
    expect(candidateProblem('Q: {question}', 'whole', true)).toMatch(/\{options\} exactly once/);
    expect(candidateProblem('Q: {question} {question} {options}', 'whole', true)).toMatch(/\{question\} exactly once/);
    expect(candidateProblem('Answer about charts.', 'prefix', true)).toBeNull();
    expect(candidateProblem('About {question}', 'prefix', true)).toMatch(/prefix must not/);
    expect(candidateProblem('Count the {object} in the image. {options}', 'whole', true, ['object'])).toBeNull();
    expect(candidateProblem('Count them. {options}', 'whole', true, ['object'])).toMatch(/slot \{object\} exactly once/);
    expect(candidateProblem('{question} {object} {options}', 'whole', true, ['object'])).toMatch(/must not contain \{question\}/);
    // A question written in with no slot (every item asks it): any rewording that keeps {options} is a prompt.
    expect(candidateProblem('Is the person wearing a hard hat? {options}', 'whole', true, [])).toBeNull();
    expect(candidateProblem('{question} {options}', 'whole', true, [])).toMatch(/must not contain \{question\}/);
  });

  it('shows the analyzer each wrong answer\'s images right after it, and only text to a text-only analyzer', () => {
    const wrong = [
      { question: 'Q1?', options: [], gold: 'A', reply: 'B', images: ['h1', 'h2'] },
      { question: 'Q2?', options: [], gold: 'C', reply: 'D', images: ['h3'] },
    ];
    const parts = introspectionParts('P', wrong, true);
    expect(parts.map((p) => (p.kind === 'image' ? p.ref : p.text.slice(0, 12)))).toEqual(['A multimodal', '1. Question:', 'h1', 'h2', '2. Question:', 'h3', 'In at most f']);
    expect(introspectionParts('P', wrong, false).some((p) => p.kind === 'image')).toBe(false);
  });

  it('tells the optimizer, when asking again, which proposals were refused and why', () => {
    const text = optimizerPrompt({ task: 't', mode: 'whole', top, examples: [], counter: 3, refused: [{ prompt: 'Too long {question} {options}', problem: 'edits 12 words; this round allows 3' }] });
    expect(text).toContain('<prompt>Too long {question} {options}</prompt>\nRefused: edits 12 words; this round allows 3.');
    expect(optimizerPrompt({ task: 't', mode: 'whole', top, examples: [], counter: 3, slots: ['object'] })).toContain('keep the slots {object} and {options}');
  });
});

describe('Table 2', () => {
  it('summarises original vs customised accuracy per model', () => {
    const rows = summariseByModel([
      { model: 'm', task: 'a', original: 0.5, customised: 0.6 },
      { model: 'm', task: 'b', original: 0.4, customised: 0.4 },
      { model: 'm', task: 'c', original: 0.8, customised: 0.7 },
      { model: 'n', task: 'a', original: 0.2, customised: 0.3 },
    ]);
    expect(rows[0]).toMatchObject({ model: 'm', tasks: 3, improved: 1 });
    expect(rows[0]!.original).toBeCloseTo(0.5667, 4);
    expect(rows[0]!.customised).toBeCloseTo(0.5667, 4);
    expect(rows[0]!.meanImprovement).toBeCloseTo(0.2, 12);
    expect(rows[1]!.meanImprovement).toBeCloseTo(0.5, 12);
  });
});

describe('prompt diff', () => {
  it('marks the words added and removed against p0', () => {
    expect(wordDiff('Please select the correct answer.', 'Look carefully, then select the correct answer.')).toEqual([
      { kind: 'removed', text: 'Please' }, { kind: 'added', text: 'Look carefully, then' }, { kind: 'same', text: 'select the correct answer.' },
    ]);
    expect(wordDiff('a b', 'a b')).toEqual([{ kind: 'same', text: 'a b' }]);
  });
});

describe('question templates', () => {
  it('finds the words a task\'s questions share, with a slot where they differ, and reads each question\'s slot values', () => {
    const questions = ['How many apples are there in the image?', 'How many red cars are there in the image?', 'How many dogs are there in the image?'];
    const template = detectQuestionTemplate(questions)!;
    expect(template).toBe('How many {slot1} are there in the image?');
    expect(matchQuestion(template, 'How many red cars are there in the image?')).toEqual({ slot1: 'red cars' });
    expect(matchQuestion(template, 'What colour is the car?')).toBeNull();
    expect(detectQuestionTemplate(['Question 3: which shape is marked?', 'Question 12: which shape is marked?'])).toBe('Question {slot1}: which shape is marked?');
    expect(detectQuestionTemplate(['From {a} to {b}: is the route in the image (A) {c} km long?', 'From Paris to Rome: is the route in the image (A) 12 km long?'])).not.toBeNull();
  });

  it('finds no template in questions that share little, and checks a declared one', () => {
    expect(detectQuestionTemplate(['What is the value of the largest bar?', 'Which animal is on the left?', 'Is the line increasing?'])).toBeNull();
    // Every item asking the same question: the question is the template, with no slot (TP-Eval rewrites it whole).
    expect(detectQuestionTemplate(['Is the person wearing a helmet?', ' Is the person wearing a helmet?'])).toBe('Is the person wearing a helmet?');
    expect(detectQuestionTemplate(['Is {x} here?', 'Is {x} here?'])).toBeNull();
    expect(detectQuestionTemplate(['?', '?'])).toBeNull();
    expect(slotNames('From {start} to {end}, how far?')).toEqual(['start', 'end']);
    expect(matchQuestion('From {start} to {end}, how far?', 'From  Paris to New York , how far?')).toEqual({ start: 'Paris', end: 'New York' });
    expect(questionTemplateProblem('Is {question} right?')).toMatch(/reserved/);
    expect(questionTemplateProblem('{a}{b} right?')).toMatch(/separated/);
    expect(questionTemplateProblem('{a}')).toMatch(/no words/);
    expect(questionTemplateProblem('How many {object} are there?')).toBeNull();
  });

  it('renders a customised prompt with each question\'s slot values, and refuses a question outside the template', () => {
    const base = presetTemplate('vlmevalkit-mcq')!;
    const template = { ...base, multipleChoice: 'Count every {object} you can see. {options}', questionTemplate: 'How many {object} are there?' };
    const question = { type: 'multiple-choice' as const, text: 'How many cats are there?', hint: null, options: [{ label: 'A', text: '1' }] };
    expect(renderPrompt(template, question, 0, true)).toEqual([{ kind: 'text', text: 'Count every cats you can see. A. 1' }]);
    expect(() => renderPrompt(template, { ...question, text: 'Where is the cat?' }, 0, true)).toThrow(/not written in the task's template/);
    expect(inlineQuestionTemplate(base.multipleChoice, 'How many {object} are there?')).toContain('Question: How many {object} are there?\nOptions:');
  });
});

describe('MMMU subjects', () => {
  it('lists the 30 subjects of MMMU\'s evaluation code and reads one from an MMMU id', () => {
    expect(new Set(MMMU_SUBJECTS).size).toBe(30);
    expect(mmmuSubject('validation_Art_Theory_12')).toBe('Art_Theory');
    expect(mmmuSubject('dev_Diagnostics_and_Laboratory_Medicine_3')).toBe('Diagnostics_and_Laboratory_Medicine');
    expect(mmmuSubject('test_Math_100')).toBe('Math');
    expect(mmmuSubject('validation_Painting_1')).toBeNull();
    expect(mmmuSubject('q12')).toBeNull();
  });
});
