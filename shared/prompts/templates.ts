import type { Option } from '../contract/entities';
import { matchQuestion } from '../optimize/question-template';
import type { PromptTemplate } from '../contract/eval-entities';

// The template's schema is wire vocabulary: it lives with the run entities (contract/eval-entities.ts), below this floor.
export { promptTemplateSchema, type PromptTemplate } from '../contract/eval-entities';

const LLM_EXAMPLE =
  'Question: Baxter Company has a relevant range of production between 15,000 and 30,000 units. The following cost data ' +
  'represents the average variable costs per unit for 25,000 units of production. If 30,000 units are produced, what ' +
  'are the per unit manufacturing overhead costs incurred? Options: (A) $6 (B) $7 (C) $8 (D) $9 Output: A';

// MMStar's text-only LLM protocol, word for word (MMStar-Benchmark/MMStar at 88f243a: eval/vlmeval/llm/llama2.py, the
// `in_context` messages; eval/vlmeval/utils/dataset.py, `build_prompt(for_llm=True)`): a system message, two worked
// examples as user/assistant turns, then the question in VLMEvalKit's MCQ wording with the LLM's answer-format line.
const MMSTAR_SYSTEM = "You are a helpful assistant. If you can't judge the answer, give your guess as to the most likely answer. Just give the answer, don't say anything beyond that, no analysis required.";
const MMSTAR_EXAMPLES = [
  {
    user: "Question: Which one is the correct caption of this image?\nOptions:\nA. The man is waving his hand.\nB. The man is sitting by the edge of the bathtub, gazing at the woman who is lying in the bathtub taking a bath.\nC. The boy is carrying the smiling girl on his back.\nD. The two dirty-faced children turn around and gaze intently.\nPlease select the correct answer from the options above.\nAnswer with the option's letter from the given choices directly, such as answer letter 'A' only.",
    assistant: 'B',
  },
  {
    user: "Question: What's the function of the demonstrated object?\nOptions:\nA. oepn the door\nB. drink water\nC. carry personal belongings\nD. exercise\nPlease select the correct answer from the options above.\nAnswer with the option's letter from the given choices directly, such as answer letter 'A' only.",
    assistant: 'D',
  },
];

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
  {
    // lmms-eval's MMBench (EvolvingLMMs-Lab/lmms-eval at 75571cf: tasks/mmbench/en_utils.py `mmbench_doc_to_text`,
    // mmbench_evals.py `create_options_prompt`, mmbench.yaml `sys_prompt`, _default_template_mmbench_en_yaml
    // `post_prompt`); the hint goes on its own "Hint:" line, where lmms-eval puts it bare before the question.
    id: 'lmms-eval-mmbench',
    name: 'lmms-eval MMBench',
    multipleChoice: "{hint_line}{question} There are several options:\n{options}\nAnswer with the option's letter from the given choices directly.",
    open: '{hint_line}{question}\nAnswer the question using a single word or phrase.',
    optionLine: '{label}. {text}',
    optionJoin: '\n',
    imagesFirst: true,
  },
  {
    id: 'mmstar-llm-2shot',
    name: 'MMStar (text-only LLM, 2-shot, for S_t)',
    multipleChoice: "{hint_line}Question: {question}\nOptions:\n{options}\nPlease select the correct answer from the options above. \nAnswer with the option's letter from the given choices directly, such as answer letter 'A' only. \n",
    open: '{question}Answer the question using a single word or phrase. \n',
    optionLine: '{label}. {text}',
    optionJoin: '\n',
    imagesFirst: true,
    system: MMSTAR_SYSTEM,
    examples: MMSTAR_EXAMPLES,
  },
];

/** One chat turn a template sends before the question (its system message and few-shot examples). */
export interface PromptTurn { kind: 'turn'; role: 'system' | 'user' | 'assistant'; text: string }

/** The turns a template sends before each question, in order; none for a one-message template. */
export function templateTurns(template: PromptTemplate): PromptTurn[] {
  const turns: PromptTurn[] = template.system ? [{ kind: 'turn', role: 'system', text: template.system }] : [];
  for (const e of template.examples ?? []) turns.push({ kind: 'turn', role: 'user', text: e.user }, { kind: 'turn', role: 'assistant', text: e.assistant });
  return turns;
}

export const DEFAULT_TEMPLATE_ID = 'vlmevalkit-mcq';

/**
 * VRPTest's sweep tries up to four prompts per model and keeps the best (METHODS §6.6); its own four are not
 * published with the studio's sources, so the default sweep is the four image-and-question presets of the toolkits and
 * papers the studio follows (the text-only ones are left out: they are for models that see no image).
 */
export const VRP_SWEEP_TEMPLATES = ['vlmevalkit-mcq', 'mmevalpro-lmm', 'mmmu', 'lmms-eval-mmbench'] as const;

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
