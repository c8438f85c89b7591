/**
 * What other folders read of runs. The SQL itself lives in store/ (one file per table or topic); the run list's status
 * rule (shownStatus) and the run-level writers come from runs.ts.
 */
export { runConfig, runRow, type RunRow } from './store/runs';
export { selectQuestions } from './store/questions';
export { createRun, deleteRun, findResumable, listRuns, planUnits, runSummary, setRunStatus, shownStatus, type LiveInfo } from './runs';
