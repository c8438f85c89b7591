// The run row's reader lives with the runs' SQL (store/runs.ts); this path stays for the reports that import it.
export { runConfig, runRow, type RunRow } from './store/runs';
