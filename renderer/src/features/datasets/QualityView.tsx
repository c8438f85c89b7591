import { useState } from 'react';
import type { QualityReport } from '@shared/contract';
import { visualCheckTitle } from '@shared/contract/visual-entities';
import { BLIND_NOT_CHECKED, NO_PROVENANCE, agreementRows, blindRows, closestDistance, editedText, groupItems, kappaText, shareText } from '@shared/reports/quality';
import { useCall } from '../../api/queries';
import { ProgressBar } from '../../components/ProgressBar';
import { useJobs } from '../../stores/jobs';
import { DuplicateCompare } from './DuplicateCompare';
import { VisualCheckDialog } from './VisualCheckDialog';

function DuplicatesCard({ d, dataset }: { d: QualityReport['duplicates']; dataset: string }) {
  const [open, setOpen] = useState<number | null>(null);
  const group = open === null ? undefined : d.imageGroups[open];
  return (
    <section className="card quality-card" data-testid="quality.duplicates">
      <h2>Duplicates</h2>
      <p>
        {d.imageGroups.length} near-duplicate image group(s) (dHash, at most {d.threshold} of 64 bits differ): {d.withinDataset} within {dataset},{' '}
        {d.acrossDatasets} reaching other datasets; {d.itemsWithNearDuplicate} item(s) have a near or exact copy.
        {d.unhashable > 0 && ` ${d.unhashable} image(s) could not be hashed.`}
      </p>
      {d.imageGroups.length > 0 && (
        <table className="rtable">
          <thead><tr><th>Items</th><th>Closest (bits)</th><th /></tr></thead>
          <tbody>
            {d.imageGroups.map((g, k) => (
              <tr key={k} data-testid="quality.group">
                <td>{groupItems(g).join(', ')}</td>
                <td>{closestDistance(g)}</td>
                <td><button className="button button--ghost" onClick={() => setOpen(k)} data-testid="quality.group.compare">Side by side</button></td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {group && <DuplicateCompare key={open} group={group} threshold={d.threshold} onClose={() => setOpen(null)} />}
      <p>{d.questionGroups.length} exact duplicate question group(s) (same normalised text and images).</p>
      {d.questionGroups.length > 0 && (
        <table className="rtable" data-testid="quality.questions">
          <thead><tr><th>Question</th><th>Where</th></tr></thead>
          <tbody>
            {d.questionGroups.map((g, k) => (
              <tr key={k}><td>{g.text}</td><td>{g.questions.map((q) => `${q.dataset}/${q.extId} (${q.role})`).join(', ')}</td></tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

function AgreementCard({ a }: { a: QualityReport['agreement'] }) {
  return (
    <section className="card quality-card" data-testid="quality.agreement">
      <h2>Checker agreement</h2>
      <p>The two checkers&apos; Pass/Problematic verdicts over {a.rounds} review round(s) both finished (METHODS §9).</p>
      <table className="rtable">
        <thead><tr><th>Question</th><th>Pairs</th><th>Raw agreement</th><th>Cohen&apos;s kappa</th></tr></thead>
        <tbody>
          {agreementRows(a).map((r) => (
            <tr key={r.label} data-testid={`quality.agreement.${r.label.split(' ')[0]}`}>
              <td>{r.label}</td><td>{r.value.n}</td><td>{shareText(r.value.percent)}</td><td>{kappaText(r.value.kappa)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}

/** The running visual-dependency check of this dataset, if any (its progress counts models, each one run). */
function useVisualCheckJob(dataset: string) {
  return useJobs((s) => Object.values(s.jobs).find((j) => j.kind === 'visual-check' && j.status === 'running' && j.title === visualCheckTitle(dataset)));
}

function BlindTable({ b }: { b: NonNullable<QualityReport['blind']> }) {
  return (
    <>
      <p data-testid="quality.blind.summary">{b.blind} of {b.checked} checked question(s) ({shareText(b.checked ? b.blind / b.checked : null)}) answerable without the image.</p>
      <table className="rtable">
        <thead><tr><th>By</th><th>Value</th><th>Checked</th><th>Answerable blind</th><th>Share</th></tr></thead>
        <tbody>
          {blindRows(b).map((r) => (
            <tr key={`${r.by}/${r.key}`}><td>{r.by}</td><td>{r.key}</td><td>{r.checked}</td><td>{r.blind}</td><td>{shareText(r.share)}</td></tr>
          ))}
        </tbody>
      </table>
    </>
  );
}

function BlindCard({ blind, datasetId, dataset }: { blind: QualityReport['blind']; datasetId: number; dataset: string }) {
  const [open, setOpen] = useState(false);
  // A check under way keeps its panel before any reading: nothing checked yet still says so.
  const b = blind && blind.checked > 0 ? blind : null;
  const job = useVisualCheckJob(dataset);
  return (
    <section className="card quality-card" data-testid="quality.blind">
      <div className="quality-card__head">
        <h2>Answerable without the image</h2>
        <button className="button" disabled={job !== undefined} onClick={() => setOpen(true)} data-testid="quality.blind.check">
          {b ? 'Check again…' : 'Check visual dependency…'}
        </button>
      </div>
      {job && (
        <div role="status" data-testid="quality.blind.progress">
          <p className="muted">{job.title}: {job.done} of {job.total ?? '?'} model(s) done{job.message ? ` (last: ${job.message})` : ''}…</p>
          <ProgressBar value={job.total ? job.done / job.total : null} label={job.title} />
        </div>
      )}
      {!b ? <p className="muted">{BLIND_NOT_CHECKED}</p> : <BlindTable b={b} />}
      {open && <VisualCheckDialog datasetId={datasetId} onClose={() => setOpen(false)} />}
    </section>
  );
}

function ProvenanceCard({ p }: { p: QualityReport['provenance'] }) {
  const share = (n: number) => (p ? shareText(p.triplets ? n / p.triplets : null) : '');
  return (
    <section className="card quality-card" data-testid="quality.provenance">
      <h2>Provenance</h2>
      {!p ? <p className="muted">{NO_PROVENANCE}</p> : (
        <p>{p.triplets} triplet(s): human-written {p.human} ({share(p.human)}), model-drafted and edited {p.draftedEdited} ({share(p.draftedEdited)}),
          model-drafted unchanged {p.draftedUnchanged} ({share(p.draftedUnchanged)}){editedText(p.meanEditShare)}.</p>
      )}
    </section>
  );
}

/** While the report is made: the first one of a project hashes its images, as a job whose progress shows here. */
function QualityLoading() {
  const hashing = useJobs((s) => Object.values(s.jobs).find((j) => j.kind === 'hash-images' && j.status === 'running'));
  return (
    <div className="quality" data-testid="quality.loading">
      <p className="muted" role="status">
        {hashing ? `${hashing.title}: ${hashing.done.toLocaleString()} of ${(hashing.total ?? 0).toLocaleString()}…` : 'Comparing every image of the project…'}
      </p>
    </div>
  );
}

/** A dataset's quality report (issue 36): duplicates with a side-by-side view, checker agreement, blind answers, provenance. */
export function QualityView(props: { datasetId: number }) {
  const report = useCall('quality.report', { datasetId: props.datasetId });
  if (report.isLoading) return <QualityLoading />;
  if (report.error || !report.data) return <div className="quality"><p className="warning">{report.error?.message}</p></div>;
  const r = report.data;
  return (
    <div className="quality" data-testid="quality.screen">
      <DuplicatesCard d={r.duplicates} dataset={r.dataset.name} />
      <AgreementCard a={r.agreement} />
      <BlindCard blind={r.blind} datasetId={props.datasetId} dataset={r.dataset.name} />
      <ProvenanceCard p={r.provenance} />
    </div>
  );
}
