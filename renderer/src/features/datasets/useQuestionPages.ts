import type { QuestionFilter } from '../../../../shared/contract';
import { usePages } from '../../api/usePages';

export { PAGE_SIZE } from '../../api/usePages';

/** The dataset browser's questions, a page at a time around the visible window. */
export function useQuestionPages(filter: QuestionFilter, visible: { start: number; end: number }) {
  return usePages('questions.list', filter, visible);
}
