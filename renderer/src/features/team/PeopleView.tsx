import { useState } from 'react';
import { ShieldAlert, UserPlus } from 'lucide-react';
import type { UserRole } from '@shared/contract';
import { userRoleSchema } from '@shared/contract';
import { useCall, useMutate } from '../../api/queries';

/** Everyone in the project with their roles; a lead adds people, changes roles and sets passwords. */
export function PeopleView(props: { canManage: boolean; team: boolean }) {
  const users = useCall('users.list');
  const add = useMutate('users.add');
  const update = useMutate('users.update');
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roles, setRoles] = useState<UserRole[]>(['annotator']);
  const [password, setPassword] = useState('');
  const toggleRole = (list: UserRole[], r: UserRole) => (list.includes(r) ? list.filter((x) => x !== r) : [...list, r]);
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
      {props.canManage && (
        <form className="people__add" onSubmit={(e) => { e.preventDefault(); add.mutate({ name, roles, ...(displayName ? { displayName } : {}), ...(password ? { password } : {}) }, { onSuccess: () => { setName(''); setDisplayName(''); setPassword(''); } }); }}>
          <div className="section-title"><UserPlus size={13} /> Add a person</div>
          <div className="field-row">
            <label className="field"><span>Login name</span><input value={name} onChange={(e) => setName(e.target.value.toLowerCase())} placeholder="e.g. maria" data-testid="people.name" /></label>
            <label className="field"><span>Display name</span><input value={displayName} onChange={(e) => setDisplayName(e.target.value)} placeholder="Maria K." /></label>
            <label className="field"><span>Password {props.team ? '' : '(only for a team server)'}</span><input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" /></label>
          </div>
          <div className="button-row">
            {userRoleSchema.options.map((r) => (
              <label key={r} className="check"><input type="checkbox" checked={roles.includes(r)} onChange={() => setRoles(toggleRole(roles, r))} data-testid={`people.role.${r}`} /> {r}</label>
            ))}
            <button className="button button--primary" disabled={!name || roles.length === 0 || add.isPending} data-testid="people.add">Add</button>
            {add.error && <span className="danger small" role="alert">{add.error.message}</span>}
          </div>
        </form>
      )}
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
