import { describe, expect, it } from 'vitest';
import { presetTemplate } from '@shared/prompts/templates';
import { editedTemplate, initialRunForm, optionalNumber, runFormReady, withFilter, withRole } from './run-form';
import { guessFormat, predictionModelName, takesJudgeFile } from './prediction-import';

describe('the new-run form', () => {
  it('can be planned only with a dataset, a model and a role', () => {
    const form = initialRunForm();
    expect(runFormReady(form)).toBe(false);
    expect(runFormReady({ ...form, datasetId: 2 })).toBe(false);
    expect(runFormReady({ ...form, datasetId: 2, model: 'gpt' })).toBe(true);
    expect(runFormReady({ ...form, datasetId: 2, model: 'gpt', roles: [] })).toBe(false);
  });

  it('starts with every role and a fresh list each time', () => {
    const a = initialRunForm();
    a.roles?.pop();
    expect(initialRunForm().roles).toEqual(['origin', 'perception', 'knowledge']);
  });

  it('ticks roles on and off', () => {
    expect(withRole(['origin'], 'knowledge', true)).toEqual(['origin', 'knowledge']);
    expect(withRole(['origin', 'knowledge'], 'origin', false)).toEqual(['knowledge']);
    expect(withRole(undefined, 'perception', true)).toEqual(['perception']);
  });

  it('drops a filter set back to “all”', () => {
    expect(withFilter({ source: 'MMMU' }, 'category', 'Art')).toEqual({ source: 'MMMU', category: 'Art' });
    expect(withFilter({ source: 'MMMU', category: 'Art' }, 'source', '')).toEqual({ source: undefined, category: 'Art' });
  });

  it('keeps an edited prompt as its own template, and the preset when the text is the preset’s again', () => {
    const preset = presetTemplate('vlmevalkit-mcq')!;
    const edited = editedTemplate(preset, 'Answer: {question}\n{options}');
    expect(edited).toMatchObject({ id: 'vlmevalkit-mcq-edited', name: `${preset.name} (edited)`, multipleChoice: 'Answer: {question}\n{options}' });
    expect(editedTemplate(preset, preset.multipleChoice)).toBeNull();
  });

  it('reads an empty number field as no value, and zero as zero', () => {
    expect(optionalNumber('')).toBeNull();
    expect(optionalNumber('0')).toBe(0);
    expect(optionalNumber('0.7')).toBe(0.7);
  });
});

describe('importing predictions', () => {
  it('guesses the format from the file extension', () => {
    expect(guessFormat('gpt_MMBench.TSV')).toBe('table');
    expect(guessFormat('out.csv')).toBe('table');
    expect(guessFormat('gpt_MMBench.xlsx')).toBe('vlmevalkit');
    expect(guessFormat('samples.jsonl')).toBe('auto');
  });

  it('names the model after the file unless a name is typed', () => {
    expect(predictionModelName('  ', 'qwen2-vl_MMMU.xlsx')).toBe('qwen2-vl_MMMU');
    expect(predictionModelName(' qwen ', 'x.json')).toBe('qwen');
  });

  it('offers a judge file only for VLMEvalKit files', () => {
    expect(takesJudgeFile('vlmevalkit')).toBe(true);
    expect(takesJudgeFile('auto')).toBe(true);
    expect(takesJudgeFile('table')).toBe(true);
    expect(takesJudgeFile('lmms-eval')).toBe(false);
    expect(takesJudgeFile('mmmu')).toBe(false);
  });
});
