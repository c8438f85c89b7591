import { describe, expect, it } from 'vitest';
import { optionKeyAction, visibleIssue } from './draft-form-rules';

const key = (k: string, mods: Partial<{ altKey: boolean; ctrlKey: boolean; metaKey: boolean; shiftKey: boolean }> = {}) =>
  ({ key: k, altKey: false, ctrlKey: false, metaKey: false, shiftKey: false, ...mods });

describe('the draft form', () => {
  it('reads keys in an option: Alt+Enter marks it, Enter splits, Backspace joins; other Enters do nothing', () => {
    expect(optionKeyAction(key('Enter', { altKey: true }))).toBe('markCorrect');
    expect(optionKeyAction(key('Enter', { altKey: true, shiftKey: true }))).toBe('markCorrect');
    expect(optionKeyAction(key('Enter'))).toBe('enter');
    expect(optionKeyAction(key('Backspace'))).toBe('backspace');
    expect(optionKeyAction(key('Enter', { shiftKey: true }))).toBeNull();
    expect(optionKeyAction(key('Enter', { ctrlKey: true }))).toBeNull();
    expect(optionKeyAction(key('Enter', { altKey: true, metaKey: true }))).toBeNull();
    expect(optionKeyAction(key('a'))).toBeNull();
  });

  it('shows a field’s problem once it was left, and every problem once submit was tried', () => {
    const issues = [
      { role: 'perception' as const, field: 'text', message: 'Write the question.' },
      { role: 'perception' as const, field: 'answer', message: 'Mark the correct option.' },
    ];
    const fresh = { tried: false, touched: new Set<string>() };
    expect(visibleIssue(issues, 'text', fresh)).toBeUndefined();
    expect(visibleIssue(issues, 'text', { tried: false, touched: new Set(['text']) })).toBe('Write the question.');
    // A form-wide problem waits for submit even when a field of that name was touched.
    expect(visibleIssue(issues, 'answer', { tried: false, touched: new Set(['answer']) }, false)).toBeUndefined();
    expect(visibleIssue(issues, 'answer', { tried: true, touched: new Set() }, false)).toBe('Mark the correct option.');
    expect(visibleIssue(issues, 'options.0', { tried: true, touched: new Set() })).toBeUndefined();
  });
});
