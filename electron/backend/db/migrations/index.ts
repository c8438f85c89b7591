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
import comparisonParts from './0013_comparison_parts.sql?raw';
import boardRevisions from './0014_board_revisions.sql?raw';
import summaryRevisions from './0015_summary_revisions.sql?raw';
import endpointConfirmations from './0016_endpoint_confirmations.sql?raw';
import gradings from './0017_gradings.sql?raw';
import imageHashes from './0018_image_hashes.sql?raw';
import visualChecks from './0019_visual_checks.sql?raw';
import tripletProvenance from './0020_triplet_provenance.sql?raw';

// By file name, in order; the version is the name's number.
const files: Record<string, string> = {
  '0001_initial': initial, '0002_runs': runs, '0003_triplets': triplets, '0004_vrp': vrp, '0005_optimize': optimize,
  '0006_run_lease': runLease, '0007_tpeval_refusals': tpevalRefusals, '0008_toolkit_readings': toolkitReadings,
  '0009_run_batches': runBatches, '0010_team_extras': teamExtras, '0011_run_summaries': runSummaries, '0012_summary_reads': summaryReads,
  '0013_comparison_parts': comparisonParts, '0014_board_revisions': boardRevisions, '0015_summary_revisions': summaryRevisions,
  '0016_endpoint_confirmations': endpointConfirmations, '0017_gradings': gradings,
  '0018_image_hashes': imageHashes, '0019_visual_checks': visualChecks, '0020_triplet_provenance': tripletProvenance,
};

/** Numbered migrations in order. Files are never edited once released: add a new one instead. */
export const migrations: readonly { version: number; name: string; sql: string }[] =
  Object.entries(files).map(([name, sql]) => ({ version: Number(name.slice(0, 4)), name, sql }));
