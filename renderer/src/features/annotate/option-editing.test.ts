import { describe, expect, it } from 'vitest';
import type { Draft } from '@shared/contract';
import { addOptionAtEnd, backspaceInOption, enterInOption, insertOption, removeOption } from './option-editing';

const draft = (options: string[], answer: string | null = null): Draft => ({ text: 'q', options, answer, rationale: '' });

describe('option editing', () => {
  it('Enter moves to the next option and creates one only from the last, non-empty option', () => {
    expect(enterInOption(draft(['25', '65', '']), 0)).toEqual({ draft: draft(['25', '65', '']), focus: 1 });
    expect(enterInOption(draft(['25', '65']), 1)).toEqual({ draft: draft(['25', '65', '']), focus: 2 });
    // An empty last option is not followed by another: focus moves on to the rationale.
    expect(enterInOption(draft(['25', '']), 1)).toEqual({ draft: draft(['25', '']), focus: 'rationale' });
    const ten = draft(Array.from({ length: 10 }, (_, i) => `o${i}`));
    expect(enterInOption(ten, 9)).toEqual({ draft: ten, focus: 'rationale' });
  });

  it('Alt+O focuses the new option, reusing an empty last one', () => {
    expect(addOptionAtEnd(draft(['25', '65']))).toEqual({ draft: draft(['25', '65', '']), focus: 2 });
    expect(addOptionAtEnd(draft(['25', '']))).toEqual({ draft: draft(['25', '']), focus: 1 });
  });

  it('keeps the marked answer on its text when options are inserted or removed', () => {
    expect(insertOption(draft(['a', 'b', 'c'], 'B'), 0).draft.answer).toBe('C');
    expect(insertOption(draft(['a', 'b', 'c'], 'A'), 0).draft.answer).toBe('A');
    expect(removeOption(draft(['a', 'b', 'c'], 'C'), 0).draft).toEqual(draft(['b', 'c'], 'B'));
    expect(removeOption(draft(['a', 'b', 'c'], 'A'), 0).draft.answer).toBeNull();
    expect(removeOption(draft(['a', 'b'], 'A'), 0)).toEqual({ draft: draft(['a', 'b'], 'A'), focus: null });
  });

  it('Backspace in an empty option removes it and goes back, never below two options', () => {
    expect(backspaceInOption(draft(['a', 'b', '']), 2)).toEqual({ draft: draft(['a', 'b']), focus: 1 });
    expect(backspaceInOption(draft(['a', '']), 1)).toBeNull();
    expect(backspaceInOption(draft(['a', 'b', 'c']), 2)).toBeNull();
  });
});
