import initial from './0001_initial.sql?raw';
import runs from './0002_runs.sql?raw';
import triplets from './0003_triplets.sql?raw';
import vrp from './0004_vrp.sql?raw';
import optimize from './0005_optimize.sql?raw';
import runLease from './0006_run_lease.sql?raw';
import tpevalRefusals from './0007_tpeval_refusals.sql?raw';
import toolkitReadings from './0008_toolkit_readings.sql?raw';
import runBatches from './0009_run_batches.sql?raw';
import teamExtras from './0010_team_extras.sql?raw';
import runSummaries from './0011_run_summaries.sql?raw';
import summaryReads from './0012_summary_reads.sql?raw';

/** Numbered migrations in order. Files are never edited once released: add a new one instead. */
export const migrations: readonly { version: number; name: string; sql: string }[] = [
  { version: 1, name: '0001_initial', sql: initial },
  { version: 2, name: '0002_runs', sql: runs },
  { version: 3, name: '0003_triplets', sql: triplets },
  { version: 4, name: '0004_vrp', sql: vrp },
  { version: 5, name: '0005_optimize', sql: optimize },
  { version: 6, name: '0006_run_lease', sql: runLease },
  { version: 7, name: '0007_tpeval_refusals', sql: tpevalRefusals },
  { version: 8, name: '0008_toolkit_readings', sql: toolkitReadings },
  { version: 9, name: '0009_run_batches', sql: runBatches },
  { version: 10, name: '0010_team_extras', sql: teamExtras },
  { version: 11, name: '0011_run_summaries', sql: runSummaries },
  { version: 12, name: '0012_summary_reads', sql: summaryReads },
];
