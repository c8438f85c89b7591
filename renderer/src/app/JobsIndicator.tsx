import { Loader2 } from 'lucide-react';
import { ProgressBar } from '../components/ProgressBar';
import { useJobs } from '../stores/jobs';

/** A compact view of running jobs in the sidebar, so long work stays visible from every screen. */
export function JobsIndicator() {
  const running = Object.values(useJobs((s) => s.jobs)).filter((j) => j.status === 'running');
  if (running.length === 0) return <span className="jobs-indicator jobs-indicator--idle">No jobs running</span>;
  const job = running[0]!;
  return (
    <div className="jobs-indicator" data-testid="jobs.indicator">
      {/* The ellipsis needs a text box of its own: a flex row cuts its text at the edge, mid-glyph. */}
      <div className="jobs-indicator__title" title={job.title}><Loader2 size={12} className="spin" /> <span className="jobs-indicator__text">{job.title}</span></div>
      <ProgressBar value={job.total ? job.done / job.total : null} label={job.title} />
    </div>
  );
}
