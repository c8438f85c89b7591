import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/** What a screen shows when there is nothing yet: what it is for and the next step to take. */
export function EmptyState(props: { icon: LucideIcon; title: string; children: ReactNode; actions?: ReactNode; testId?: string }) {
  const Icon = props.icon;
  return (
    <div className="empty-state" data-testid={props.testId}>
      <div className="empty-state__icon"><Icon size={28} strokeWidth={1.6} /></div>
      <h2>{props.title}</h2>
      <div className="empty-state__body">{props.children}</div>
      {props.actions && <div className="empty-state__actions">{props.actions}</div>}
    </div>
  );
}
