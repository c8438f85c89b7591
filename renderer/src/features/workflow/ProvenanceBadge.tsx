import { Bot, PenLine } from 'lucide-react';
import type { Provenance } from '@shared/contract';

const pct = (share: number) => `${Math.round(share * 100)}%`;

/**
 * Words for a triplet's provenance (METHODS §10), short enough for a screen's header. `brief` leaves out how much was
 * edited: the annotator's own screen changes it with every save, and it is measured at the save, not per keystroke.
 */
export function provenanceText(p: Provenance, brief = false): string {
  if (p.kind === 'human') return 'Human-written';
  if (brief) return 'Model-drafted';
  return p.kind === 'drafted_unchanged' ? 'Model-drafted, unchanged' : `Model-drafted, ${pct(p.editShare ?? 0)} edited`;
}

/** Who wrote the triplet's questions: a person, or a model (and, for checkers and leads, how much a person changed since). */
export function ProvenanceBadge({ provenance, brief = false }: { provenance: Provenance; brief?: boolean }) {
  const Icon = provenance.kind === 'human' ? PenLine : Bot;
  const title = provenance.kind === 'human'
    ? 'Written by a person'
    : `Drafted by ${provenance.model ?? 'a model'} (endpoint ${provenance.endpoint ?? '?'})${provenance.kind === 'drafted_edited' ? `; ${pct(provenance.editShare ?? 0)} of its words changed since` : ''}`;
  return (
    <span className={`provenance provenance--${provenance.kind}`} data-testid="triplet.provenance" data-kind={provenance.kind} title={title}>
      <Icon size={13} /> {provenanceText(provenance, brief)}
    </span>
  );
}
