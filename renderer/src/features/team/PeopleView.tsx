import { ShieldAlert } from 'lucide-react';
import { userRoleSchema } from '@shared/contract/team-entities';
import { useCall, useMutate } from '../../api/queries';
import { AddPersonForm, toggleRole } from './AddPersonForm';

/** Everyone in the project with their roles; a lead adds people, changes roles and sets passwords. */
export function PeopleView(props: { canManage: boolean; team: boolean }) {
  const users = useCall('users.list');
  const update = useMutate('users.update');
  return (
    <div className="panel" data-testid="team.people">
      {props.canManage && props.team && <LoginAlerts />}
      <table className="rtable">
        <thead><tr><th>Name</th><th>Login</th>{userRoleSchema.options.map((r) => <th key={r}>{r}</th>)}<th>Password</th></tr></thead>
        <tbody>
          {(users.data ?? []).map((u) => (
            <tr key={u.id} data-testid={`people.${u.name}`}>
              <td>{u.displayName}</td><td className="hash">{u.name}</td>
              {userRoleSchema.options.map((r) => (
                <td key={r}><input type="checkbox" checked={u.roles.includes(r)} disabled={!props.canManage || update.isPending}
                  onChange={() => update.mutate({ name: u.name, roles: toggleRole(u.roles, r) })} aria-label={`${u.name} ${r}`} /></td>
              ))}
              <td className="muted small">{u.hasPassword ? 'set' : '—'}</td>
            </tr>
          ))}
        </tbody>
      </table>
      {update.error && <p className="danger small" role="alert">{update.error.message}</p>}
      {props.canManage && <AddPersonForm team={props.team} users={users.data ?? []} />}
    </div>
  );
}

/** Logins the server slowed down after repeated wrong passwords: someone guessing a name, or guessing from one address. */
function LoginAlerts() {
  const alerts = useCall('team.loginAlerts');
  if (!alerts.data?.length) return null;
  return (
    <div className="callout callout--warn" role="status" data-testid="team.loginAlerts">
      <div className="section-title"><ShieldAlert size={13} /> Slowed logins</div>
      <ul className="small">
        {alerts.data.slice(0, 5).map((a) => (
          <li key={`${a.at}-${a.by}-${a.key}`}>{a.at.slice(0, 16).replace('T', ' ')} — {a.failures} wrong passwords for {a.by} <code>{a.key}</code>; slowed until {a.until.slice(11, 16)} UTC</li>
        ))}
      </ul>
    </div>
  );
}
