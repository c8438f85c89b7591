import type { ReactNode } from 'react';
import { UserRound, type LucideIcon } from 'lucide-react';
import type { User, UserRole } from '@shared/contract';
import { EmptyState } from '../../components/EmptyState';
import { useNavigation } from '../../stores/navigation';

/**
 * What Annotate and Review show to someone who cannot use them: no profile chosen, or a profile without the role.
 * Null when the screen may render.
 */
export function roleGate(screen: 'annotate' | 'review', user: User | null, known: boolean, role: UserRole, icon: LucideIcon, other: string): ReactNode {
  if (known && !user) return <NoProfile screen={screen} />;
  if (user && !user.roles.includes(role)) {
    return <EmptyState icon={icon} title={`Your profile is not a${role === 'annotator' ? 'n' : ''} ${role}`} testId={`${screen}.not-${role}`}>
      {user.displayName} is {user.roles.join(' and ')}. A lead can add the {role} role under Team; {other}</EmptyState>;
  }
  return null;
}

function NoProfile(props: { screen: string }) {
  const go = useNavigation((s) => s.go);
  return <EmptyState icon={UserRound} title="Choose who you are" testId={`${props.screen}.noProfile`}
    actions={<button className="button button--primary" onClick={() => go('team')}>Add or pick a profile</button>}>
    This work belongs to a person: pick your profile in the sidebar (bottom left), or add one under Team.</EmptyState>;
}

/** The pane beside the queue while an item loads, or when the queue is empty. */
export function EmptyPane(props: { loading: boolean; icon: LucideIcon; title: string; testId: string; children: ReactNode }) {
  return (
    <div className="workflow__empty">
      {props.loading ? <div className="skeleton skeleton--block" /> : <EmptyState icon={props.icon} title={props.title} testId={props.testId}>{props.children}</EmptyState>}
    </div>
  );
}
