import { describe, expect, it } from 'vitest';
import { textDiff } from './round-diff';

describe('text changes between rounds', () => {
  it('reads a reworded phrase as one replacement, and joins back to either side', () => {
    const parts = textDiff('Which colour is a primary colour of light?', 'Which of these is a primary colour of light?');
    expect(parts).toEqual([
      { op: 'same', text: 'Which ' }, { op: 'del', text: 'colour ' }, { op: 'add', text: 'of these ' }, { op: 'same', text: 'is a primary colour of light?' },
    ]);
    const side = (op: 'del' | 'add') => parts.filter((p) => p.op !== op).map((p) => p.text).join('');
    expect(side('add')).toBe('Which colour is a primary colour of light?');
    expect(side('del')).toBe('Which of these is a primary colour of light?');
  });

  it('gives nothing for two empty texts and one unchanged part for equal ones', () => {
    expect(textDiff('', '')).toEqual([]);
    expect(textDiff('same', 'same')).toEqual([{ op: 'same', text: 'same' }]);
    expect(textDiff('', 'new words')).toEqual([{ op: 'add', text: 'new words' }]);
  });
});
