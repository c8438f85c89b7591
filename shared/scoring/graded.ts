/**
 * Graded open answers (METHODS §5.1): a grader model gives each reply a correctness score from 0.0 to 1.0 against the
 * ground truth. MM-Vet's prompt is the specification of its metric, so it is restated here word for word from the
 * official evaluator (`mm-vet_evaluator.py` of yuweihao/MM-Vet at acde843e02dae30047bb456ee4a8ab28dee7e0ae): the
 * instructions and seven few-shot rows, then the row being graded with its last cell left empty.
 */
export const MMVET_PROMPT = `Compare the ground truth and prediction from AI models, to give a correctness score for the prediction. <AND> in the ground truth means it is totally right only when all elements in the ground truth are present in the prediction, and <OR> means it is totally right when any one element in the ground truth is present in the prediction. The correctness score is 0.0 (totally wrong), 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, or 1.0 (totally right). Just complete the last space of the correctness score.

Question | Ground truth | Prediction | Correctness
--- | --- | --- | ---
What is x in the equation? | -1 <AND> -5 | x = 3 | 0.0
What is x in the equation? | -1 <AND> -5 | x = -1 | 0.5
What is x in the equation? | -1 <AND> -5 | x = -5 | 0.5
What is x in the equation? | -1 <AND> -5 | x = -5 or 5 | 0.5
What is x in the equation? | -1 <AND> -5 | x = -1 or x = -5 | 1.0
Can you explain this meme? | This meme is poking fun at the fact that the names of the countries Iceland and Greenland are misleading. Despite its name, Iceland is known for its beautiful green landscapes, while Greenland is mostly covered in ice and snow. The meme is saying that the person has trust issues because the names of these countries do not accurately represent their landscapes. | The meme talks about Iceland and Greenland. It's pointing out that despite their names, Iceland is not very icy and Greenland isn't very green. | 0.4
Can you explain this meme? | This meme is poking fun at the fact that the names of the countries Iceland and Greenland are misleading. Despite its name, Iceland is known for its beautiful green landscapes, while Greenland is mostly covered in ice and snow. The meme is saying that the person has trust issues because the names of these countries do not accurately represent their landscapes. | The meme is using humor to point out the misleading nature of Iceland's and Greenland's names. Iceland, despite its name, has lush green landscapes while Greenland is mostly covered in ice and snow. The text 'This is why I have trust issues' is a playful way to suggest that these contradictions can lead to distrust or confusion. The humor in this meme is derived from the unexpected contrast between the names of the countries and their actual physical characteristics. | 1.0
`;

/** What MM-Vet's evaluator appends when a grade could not be read, for every later try. */
export const MMVET_RETRY_SUFFIX = '\nPredict the correctness of the answer (digit): ';

/** Tries per grade: VLMEvalKit's five, and the five replies MM-Vet's evaluator reads before it gives up. */
export const GRADE_TRIES = 5;
/** MM-Vet asks for three tokens: the score and nothing else. */
export const GRADE_MAX_TOKENS = 3;
/** Repeated grading runs when none is asked for (MM-Vet's `--num_run` default; its paper used 5). */
export const DEFAULT_GRADE_REPEATS = 1;

/** The temperature of try `i` (from 0): MM-Vet and VLMEvalKit both raise it by 0.5 per failed try. */
export function gradeTemperature(attempt: number): number {
  return attempt * 0.5;
}

/**
 * The prompt of one grade: the instructions (MM-Vet's, or a dataset's own rubric), a new line, and the row
 * `question | ground truth | prediction | ` with spaces around every `<AND>` / `<OR>` as MM-Vet writes them; later
 * tries end with MM-Vet's request for a digit.
 */
export function gradePrompt(instructions: string, question: string, groundTruth: string, prediction: string, attempt: number): string {
  const truth = groundTruth.replaceAll('<AND>', ' <AND> ').replaceAll('<OR>', ' <OR> ');
  const row = [question, truth, prediction, ''].join(' | ');
  return `${instructions}\n${row}${attempt > 0 ? MMVET_RETRY_SUFFIX : ''}`;
}

const DECIMAL = /^\+?(?:\d+(?:\.\d*)?|\.\d+)$/;

/**
 * A grader's reply as MM-Vet reads it — the text before the first space, stripped, as a number in [0, 1] — but
 * strictly: only a plain decimal counts (Python's `float` would also take `nan`, `inf`, `1e-1` and `1_0`); anything
 * else is null, never 0.
 */
export function parseGrade(reply: string): number | null {
  const first = (reply.split(' ')[0] ?? '').trim();
  if (!DECIMAL.test(first)) return null;
  const score = Number(first);
  return score >= 0 && score <= 1 ? score : null;
}
