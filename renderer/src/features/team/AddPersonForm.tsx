import { useState } from 'react';
import { UserPlus } from 'lucide-react';
import type { User, UserRole } from '@shared/contract';
import { userRoleSchema } from '@shared/contract/team-entities';
import { useCall, useMutate } from '../../api/queries';
import { Modal } from '../../components/Modal';

export const toggleRole = (list: UserRole[], r: UserRole) => (list.includes(r) ? list.filter((x) => x !== r) : [...list, r]);

/**
 * Turning a studio into a team server is a decision: the first password makes `anchor serve` ask everyone to log in,
 * so it is confirmed here, with what changes and how the owner stays in and undoes it.
 */
function FirstPasswordDialog(props: { name: string; onCancel(): void; onConfirm(): void }) {
  const info = useCall('app.info');
  const file = info.data?.project?.path ?? 'FILE.anchor';
  return (
    <Modal title="Make this project a team server?" onClose={props.onCancel} testId="people.firstPassword"
      footer={<>
        <button type="button" className="button" onClick={props.onCancel} data-testid="people.firstPassword.cancel">Cancel</button>
        <button type="button" className="button button--primary" onClick={props.onConfirm} data-testid="people.firstPassword.confirm">Add {props.name} with a password</button>
      </>}>
      <p><strong>{props.name}</strong> would be the first person with a password. What changes:</p>
      <ul className="small">
        <li>Whenever <code>anchor serve</code> opens this project, it becomes a team server: everyone signs in with a name and password,
          and profiles without a password can no longer be picked there.</li>
        <li>You stay in: <code>anchor serve</code> prints a private owner link that signs in whoever started it, without a password.
          The desktop app does not change.</li>
        <li>To undo it, remove the password: <code>anchor users passwd {props.name} --clear --project {file}</code></li>
      </ul>
    </Modal>
  );
}

/** The lead's form to add a person: login and display name, roles, and an optional password. */
export function AddPersonForm(props: { team: boolean; users: readonly User[] }) {
  const add = useMutate('users.add');
  const [name, setName] = useState('');
  const [displayName, setDisplayName] = useState('');
  const [roles, setRoles] = useState<UserRole[]>(['annotator']);
  const [password, setPassword] = useState('');
  const [confirming, setConfirming] = useState(false);
  const firstPassword = password !== '' && !props.team && !props.users.some((u) => u.hasPassword);
  const save = () => add.mutate({ name, roles, ...(displayName ? { displayName } : {}), ...(password ? { password } : {}) },
    { onSuccess: () => { setName(''); setDisplayName(''); setPassword(''); } });
  return (
    <form className="people__add" onSubmit={(e) => { e.preventDefault(); if (firstPassword) setConfirming(true); else save(); }}>
      <div className="section-title"><UserPlus size={13} /> Add a person</div>
      <div className="field-row">
        <label className="field"><span>Login name</span><input value={name} onChange={(e) => setName(e.target.value.toLowerCase())} placeholder="e.g. maria" data-testid="people.name" /></label>
        <label className="field"><span>Display name</span><input value={displayName} onChange={(e) => setDisplayName(e.target.value)} placeholder="Maria K." /></label>
        <label className="field"><span>Password {props.team ? '' : '(only for a team server)'}</span>
          <input type="password" value={password} onChange={(e) => setPassword(e.target.value)} autoComplete="new-password" data-testid="people.password" />
        </label>
      </div>
      <div className="button-row">
        {userRoleSchema.options.map((r) => (
          <label key={r} className="check"><input type="checkbox" checked={roles.includes(r)} onChange={() => setRoles(toggleRole(roles, r))} data-testid={`people.role.${r}`} /> {r}</label>
        ))}
        <button className="button button--primary" disabled={!name || roles.length === 0 || add.isPending} data-testid="people.add">Add</button>
        {add.error && <span className="danger small" role="alert">{add.error.message}</span>}
      </div>
      {confirming && <FirstPasswordDialog name={name} onCancel={() => setConfirming(false)} onConfirm={() => { setConfirming(false); save(); }} />}
    </form>
  );
}
