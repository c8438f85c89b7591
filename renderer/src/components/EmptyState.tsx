import type { ReactNode } from 'react';
import type { LucideIcon } from 'lucide-react';

/**
 * What a screen shows when there is nothing yet: what it is for and the next step to take. It is most often the whole
 * screen, so its title is the screen's one h1; inside a screen that has its own h1, `level={2}`.
 */
export function EmptyState(props: { icon: LucideIcon; title: string; children: ReactNode; actions?: ReactNode; testId?: string; level?: 1 | 2 }) {
  const Icon = props.icon;
  const Heading = props.level === 2 ? 'h2' : 'h1';
  return (
    <div className="empty-state" data-testid={props.testId}>
      <div className="empty-state__icon"><Icon size={28} strokeWidth={1.6} /></div>
      <Heading>{props.title}</Heading>
      <div className="empty-state__body">{props.children}</div>
      {props.actions && <div className="empty-state__actions">{props.actions}</div>}
    </div>
  );
}
