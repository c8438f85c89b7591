import { useState } from 'react';
import type { GradeRow } from '@shared/contract';
import { useCall, useMutate } from '../../api/queries';
import { TableExport } from './TableExport';
import type { TableData } from './download';

const scoreText = (s: number | null) => (s === null ? 'no grade' : s.toFixed(1));

function gradesTable(gradingId: number, rows: GradeRow[]): TableData {
  const repeats = Math.max(0, ...rows.map((r) => r.grades.length));
  return {
    name: `grading-${gradingId}-grades`,
    columns: ['question_id', 'question', 'ground_truth', 'prediction', 'capabilities', ...Array.from({ length: repeats }, (_, i) => `grade_${i + 1}`), 'override', 'override_note'],
    rows: rows.map((r) => [
      r.questionId, r.question, r.groundTruth, r.prediction, r.capabilities.join(','),
      ...Array.from({ length: repeats }, (_, i) => r.grades[i]?.score ?? null), r.override?.score ?? null, r.override?.note ?? null,
    ]),
  };
}

/** A person's grade for one question: a score in [0, 1] and why, or clearing the one given. */
function OverrideForm({ gradingId, row }: { gradingId: number; row: GradeRow }) {
  const [score, setScore] = useState(row.override ? String(row.override.score) : '');
  const [note, setNote] = useState(row.override?.note ?? '');
  const override = useMutate('gradings.override');
  const value = Number(score);
  const valid = score.trim() !== '' && value >= 0 && value <= 1;
  const save = (next: number | null) => override.mutate({ gradingId, questionId: row.questionId, score: next, note: next === null ? null : note || null });
  return (
    <form className="grading__override" onSubmit={(e) => { e.preventDefault(); if (valid) save(value); }} aria-label={`Your grade for question ${row.questionId}`}>
      <input type="number" min={0} max={1} step={0.1} value={score} onChange={(e) => setScore(e.target.value)} aria-label="Your grade (0 to 1)"
        data-testid="grading.override.score" />
      <input value={note} onChange={(e) => setNote(e.target.value)} placeholder="why (optional)" aria-label="Why" data-testid="grading.override.note" />
      <button className="button" type="submit" disabled={!valid || override.isPending} data-testid="grading.override.save">Set</button>
      {row.override && <button className="link-button" type="button" onClick={() => { setScore(''); setNote(''); save(null); }} data-testid="grading.override.clear">Clear</button>}
      {override.error && <span className="danger small" role="alert">{override.error.message}</span>}
    </form>
  );
}

/** Every graded question with the grader's scores per grading run and a person's override, exportable. */
export function GradeList({ gradingId }: { gradingId: number }) {
  const grades = useCall('gradings.grades', { id: gradingId });
  const rows = grades.data ?? [];
  return (
    <details className="grading__list" data-testid="grading.list">
      <summary>Every grade ({rows.length} questions) — read the grader&apos;s replies, set a grade by hand</summary>
      <TableExport table={() => gradesTable(gradingId, rows)} testId="grading.grades.export" />
      <table className="rtable">
        <thead><tr><th>question</th><th>ground truth</th><th>reply</th><th>grades</th><th>your grade</th></tr></thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.questionId} data-testid="grading.row">
              <td>{r.question}<div className="muted small mono">{r.capabilities.join(', ')}</div></td>
              <td className="mono">{r.groundTruth}</td>
              <td>{r.prediction}</td>
              <td className="num" title={r.grades.flatMap((g) => g.tries.map((t) => `run ${g.repeat + 1}: ${t.reply ?? t.error ?? ''}`)).join('\n')}>
                {r.grades.map((g) => scoreText(g.score)).join(' · ')}
                {r.override && <div className="small" data-testid="grading.row.override">by hand: {r.override.score.toFixed(1)}{r.override.note ? ` (${r.override.note})` : ''}</div>}
              </td>
              <td><OverrideForm gradingId={gradingId} row={r} /></td>
            </tr>
          ))}
        </tbody>
      </table>
    </details>
  );
}
