import type { Role } from '@shared/contract';

const short: Record<Role, string> = { origin: 'O', perception: 'P', knowledge: 'K' };

export function RoleBadge(props: { role: Role; full?: boolean }) {
  return (
    <span className={`role-badge role-badge--${props.role}`} title={props.role}>
      {props.full ? props.role : short[props.role]}
    </span>
  );
}
