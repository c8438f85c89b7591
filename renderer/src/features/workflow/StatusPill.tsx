import type { ItemStatus } from '@shared/contract';
import { statusLabels } from '@shared/domain/triplet-state';

export function StatusPill(props: { status: ItemStatus }) {
  return <span className={`wstatus wstatus--${props.status}`} data-testid="triplet.status">{statusLabels[props.status]}</span>;
}
