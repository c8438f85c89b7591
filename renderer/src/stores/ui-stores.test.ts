import { describe, expect, it } from 'vitest';
import type { Job } from '@shared/contract';
import { useBrowse } from './browse';
import { useCanvasUi } from './canvas-ui';
import { useJobs } from './jobs';
import { useOptimize } from './optimize';
import { useReports } from './reports';
import { useRuns } from './runs';
import { useWorkflow } from './workflow';

describe('the UI stores', () => {
  it('canvas: another dataset or item clears the selection; opening an item asks for a fit', () => {
    const ui = useCanvasUi.getState();
    ui.openItem(3);
    ui.select(['a', 'b']);
    const fit = useCanvasUi.getState().fitRequest;
    useCanvasUi.getState().openItem(4);
    expect(useCanvasUi.getState()).toMatchObject({ itemId: 4, selected: [] });
    expect(useCanvasUi.getState().fitRequest).toBeGreaterThanOrEqual(fit);
    useCanvasUi.getState().select(['c']);
    useCanvasUi.getState().setDataset(2);
    expect(useCanvasUi.getState()).toMatchObject({ datasetId: 2, itemId: null, selected: [] });
  });

  it('browse: an empty filter value removes the filter, and every filter change goes back to the first row', () => {
    const b = useBrowse.getState();
    b.setDataset(1);
    b.setFilter('source', 'MMMU');
    b.setFilter('category', 'Art');
    useBrowse.getState().setCursor(7);
    useBrowse.getState().setFilter('source', '');
    expect(useBrowse.getState()).toMatchObject({ filters: { category: 'Art' }, cursor: 0 });
    useBrowse.getState().openItem(40);
    useBrowse.getState().setDataset(2);
    expect(useBrowse.getState()).toMatchObject({ datasetId: 2, filters: {}, cursor: 0, openItemId: null });
  });

  it('reports: ticked runs keep the order they were ticked in; opening a run shows its report', () => {
    const r = useReports.getState();
    r.setCompare([]);
    r.toggleCompare(5);
    r.toggleCompare(2);
    r.toggleCompare(9);
    useReports.getState().toggleCompare(2);
    expect(useReports.getState().compareIds).toEqual([5, 9]);
    useReports.getState().setView('leaderboard');
    useReports.getState().openRun(9);
    expect(useReports.getState()).toMatchObject({ runId: 9, view: 'run' });
    useReports.getState().setSeeing({ textOnly: 3 });
    useReports.getState().setSeeing({ withImages: 1 });
    expect(useReports.getState().seeing).toEqual({ withImages: 1, withoutImages: null, textOnly: 3 });
  });

  it('runs: another run closes the open prediction and goes back to the top; filters go back to the top', () => {
    const r = useRuns.getState();
    r.selectRun(1);
    r.openPrediction(11);
    useRuns.getState().setCursor(4);
    useRuns.getState().selectRun(2);
    expect(useRuns.getState()).toMatchObject({ runId: 2, predictionId: null, cursor: 0 });
    useRuns.getState().setCursor(6);
    useRuns.getState().setOutcome('wrong');
    expect(useRuns.getState()).toMatchObject({ outcome: 'wrong', cursor: 0 });
  });

  it('prompts: opening an optimisation forgets the candidate and shows the optimisation tab', () => {
    const p = useOptimize.getState();
    p.select(1);
    p.selectCandidate(8);
    p.setTab('report');
    useOptimize.getState().select(2);
    expect(useOptimize.getState()).toMatchObject({ optimizationId: 2, candidateId: null, tab: 'optimisation' });
  });

  it('workflow: the history pane toggles; annotate and review keep their own open item', () => {
    const w = useWorkflow.getState();
    const open = w.historyOpen;
    w.toggleHistory();
    expect(useWorkflow.getState().historyOpen).toBe(!open);
    useWorkflow.getState().openAnnotate(3);
    useWorkflow.getState().openReview(7);
    expect(useWorkflow.getState()).toMatchObject({ annotateItem: 3, reviewItem: 7 });
  });

  it('jobs: an update replaces that job and leaves the others', () => {
    const job = (id: string, done: number): Job => ({
      id, kind: 'import', title: id, status: 'running', done, total: 10, unit: 'rows', message: null, error: null, result: null, startedAt: '2026-01-01T00:00:00Z', finishedAt: null,
    });
    useJobs.getState().update(job('a', 1));
    useJobs.getState().update(job('b', 2));
    useJobs.getState().update(job('a', 5));
    expect(useJobs.getState().jobs.a?.done).toBe(5);
    expect(useJobs.getState().jobs.b?.done).toBe(2);
  });
});
