import type { Option } from '../contract/entities';

/**
 * MMBench's LLM choice extractor (METHODS §4 step 2): the prompt VLMEvalKit's `extract_answer_from_item` sends, word for
 * word — `build_prompt` (or `build_prompt_cn` for a question holding a CJK ideograph) over `build_option_str`, in
 * vlmeval/dataset/utils/multiple_choice.py and vlmeval/smp/vlm.py at commit e8e78f05f3080fe28154f2130321f17951c3be94.
 * A prompt that defines a metric is a specification: its quirks ("Your should output", the "?" added after the question,
 * the A–D hint whatever the number of options) are kept, and test/fixtures/conformance/mmbench pins it byte for byte.
 */
const EXAMPLE_OPTIONS = 'Options: A. teddy bear B. rabbit C. cat D. dog\n';
const ENGLISH_HEAD =
  'You are an AI assistant who will help me to match an answer with several options of a single-choice question. ' +
  'You are provided with a question, several options, and an answer, and you need to find which option is most similar ' +
  'to the answer. If the meaning of all options are significantly different from the answer, output Z. Your should ' +
  'output a single uppercase character in A, B, C, D (if they are valid options), and Z. \n' +
  'Example 1: \nQuestion: What is the main object in image?\n' + EXAMPLE_OPTIONS + 'Answer: a cute teddy bear\nYour output: A\n' +
  'Example 2: \nQuestion: What is the main object in image?\n' + EXAMPLE_OPTIONS + 'Answer: Spider\nYour output: Z\n' +
  'Example 3: \n';

const CHINESE_OPTIONS = '选项: A. 泰迪熊 B. 兔子 C. 猫 D. 狗\n';
const CHINESE_HEAD =
  '你是一个帮助我匹配答案与单选题中多个选项的 AI 助手。你会被提供：一个问题，多个选项，一个答案。你的任务是找到与答案意义最相近的选项。' +
  '如果所有选项的意义都与答案显著不同，则输出 Z。你应该输出一个单个的大写字母，例如 A, B, C, D（如果它们是有效选项），或 Z。' +
  '例 1:问题: 图中最主要的物体是什么?\n' + CHINESE_OPTIONS + '答案: 一只可爱的泰迪熊\n输出: A\n' +
  '例 2: \n问题: 图中最主要的物体是什么?\n' + CHINESE_OPTIONS + '答案: 蜘蛛\n输出: Z\n' +
  '例 3: \n';

/** VLMEvalKit's `cn_string`: the Chinese prompt is used when the question holds a CJK unified ideograph. */
const CJK = /[\u4e00-\u9fff]/;

/** VLMEvalKit's `build_option_str`: a heading, then one "X. text" line per option. */
function optionString(options: readonly Option[]): string {
  return `There are several options: \n${options.map((o) => `${o.label}. ${o.text}\n`).join('')}`;
}

/** The judge's prompt for one reply: MMBench's template filled with the question, its options and the reply. */
export function choiceExtractorPrompt(question: string, options: readonly Option[], response: string): string {
  const choices = optionString(options);
  // Concatenated, never through String.replace, so a "$&" in a reply is kept as written (Python's format does so too).
  if (CJK.test(question)) return `${CHINESE_HEAD}问题: ${question}?\n选项: ${choices}\n答案: ${response}\n输出: `;
  return `${ENGLISH_HEAD}Question: ${question}?\nOptions: ${choices}\nAnswer: ${response}\nYour output: `;
}
