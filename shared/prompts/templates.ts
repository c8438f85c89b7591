import { z } from 'zod';
import type { Option } from '../contract/entities';
import { matchQuestion } from '../optimize/question-template';

/**
 * A prompt template is data (METHODS §3): stored with the run that used it and hashed, so a score always names the exact
 * words that produced it. Placeholders: {question}, {options}, {hint_line}; options are rendered with `optionLine`
 * ({label}, {text}) and joined with `optionJoin`.
 */
export const promptTemplateSchema = z.object({
  id: z.string().min(1),
  name: z.string().min(1),
  multipleChoice: z.string().min(1),
  open: z.string().min(1),
  optionLine: z.string().min(1),
  optionJoin: z.string(),
  /** Put images before the text (VLMEvalKit) or after it. */
  imagesFirst: z.boolean(),
  /**
   * TP-Eval on a templated task (METHODS §7.7): the task's question template, e.g. "How many {object} are there?". The
   * multiple-choice wording then holds the template's words itself, with its slots; each question's slot values are
   * read from its text by this template.
   */
  questionTemplate: z.string().min(1).optional(),
});
export type PromptTemplate = z.infer<typeof promptTemplateSchema>;

const LLM_EXAMPLE =
  'Question: Baxter Company has a relevant range of production between 15,000 and 30,000 units. The following cost data ' +
  'represents the average variable costs per unit for 25,000 units of production. If 30,000 units are produced, what ' +
  'are the per unit manufacturing overhead costs incurred? Options: (A) $6 (B) $7 (C) $8 (D) $9 Output: A';

export const promptPresets: readonly PromptTemplate[] = [
  {
    id: 'vlmevalkit-mcq',
    name: 'VLMEvalKit MCQ',
    multipleChoice: '{hint_line}Question: {question}\nOptions:\n{options}\nPlease select the correct answer from the options above.',
    open: '{hint_line}Question: {question}\nAnswer the question using a single word or phrase.',
    optionLine: '{label}. {text}',
    optionJoin: '\n',
    imagesFirst: true,
  },
  {
    id: 'mmevalpro-lmm',
    name: 'MMEvalPro (LMM)',
    multipleChoice: 'Analyse the image and choose the best answer for the following question: {question} Options: {options} Just output the letter of the correct answer.',
    open: 'Analyse the image and answer the following question: {question} Answer with a single word or phrase.',
    optionLine: '({label}) {text}',
    optionJoin: ' ',
    imagesFirst: true,
  },
  {
    id: 'mmevalpro-llm',
    name: 'MMEvalPro (LLM, text only)',
    multipleChoice:
      'Given a question you need to choose the best answer from the given options. I will first give you an example, you ' +
      `need to follow the output format of the answer. Example: ${LLM_EXAMPLE}. Just answer the following question with ` +
      'only the letter of the correct option, or you will get no credit. Question:{question} Options: {options}',
    open: 'Answer the following question with a single word or phrase. Question: {question}',
    optionLine: '({label}) {text}',
    optionJoin: ' ',
    imagesFirst: true,
  },
  {
    id: 'mmmu',
    name: 'MMMU',
    multipleChoice: "{question}\n\n{options}\n\nAnswer with the option's letter from the given choices directly.",
    open: '{question}\n\nAnswer the question using a single word or phrase.',
    optionLine: '({label}) {text}',
    optionJoin: '\n',
    imagesFirst: false,
  },
];

export const DEFAULT_TEMPLATE_ID = 'vlmevalkit-mcq';

export function presetTemplate(id: string): PromptTemplate | undefined {
  return promptPresets.find((t) => t.id === id);
}

export interface PromptQuestion {
  type: 'multiple-choice' | 'open';
  text: string;
  hint: string | null;
  options: readonly Option[];
}

/** One piece of a user message: text, or the k-th image of the item (0-based). */
export type PromptPart = { kind: 'text'; text: string } | { kind: 'image'; index: number };

function fill(template: string, values: Record<string, string>): string {
  return template.replace(/\{([A-Za-z_]\w*)\}/g, (whole, key: string) => values[key] ?? (key === 'hint_line' ? '' : whole));
}

/** A templated task's slot values for this question; a question outside the template cannot be asked with it. */
function slotValues(template: PromptTemplate, question: PromptQuestion): Record<string, string> {
  if (!template.questionTemplate || question.type === 'open') return {};
  const values = matchQuestion(template.questionTemplate, question.text);
  if (!values) throw new Error(`the question "${question.text.slice(0, 80)}" is not written in the task's template "${template.questionTemplate}"`);
  return values;
}

/**
 * Renders a question as message parts. `<image k>` placeholders (MMMU) place the k-th image where it is named;
 * images not named in the text go first or last, as the template says. With `withImages` false nothing visual is sent
 * and the placeholders stay as words, which is what seeing-or-not runs measure.
 */
export function renderPrompt(template: PromptTemplate, question: PromptQuestion, imageCount: number, withImages: boolean): PromptPart[] {
  const options = question.options
    .map((o) => template.optionLine.replace('{label}', o.label).replace('{text}', o.text))
    .join(template.optionJoin);
  const text = fill(question.type === 'open' ? template.open : template.multipleChoice, {
    ...slotValues(template, question),
    question: question.text,
    options,
    hint_line: question.hint ? `Hint: ${question.hint}\n` : '',
  });
  if (!withImages || imageCount === 0) return [{ kind: 'text', text }];

  const parts: PromptPart[] = [];
  const placed = new Set<number>();
  let last = 0;
  for (const m of text.matchAll(/<image (\d+)>/g)) {
    const index = Number(m[1]) - 1;
    if (index < 0 || index >= imageCount || placed.has(index)) continue;
    if (m.index > last) parts.push({ kind: 'text', text: text.slice(last, m.index) });
    parts.push({ kind: 'image', index });
    placed.add(index);
    last = m.index + m[0].length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  const rest: PromptPart[] = [];
  for (let i = 0; i < imageCount; i++) if (!placed.has(i)) rest.push({ kind: 'image', index: i });
  return template.imagesFirst ? [...rest, ...parts] : [...parts, ...rest];
}
