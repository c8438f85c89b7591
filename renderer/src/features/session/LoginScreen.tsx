import { useState, type FormEvent } from 'react';
import { Anchor, LogIn } from 'lucide-react';
import { login } from '../../api/auth';
import { invalidateScopes, queryClient, reconnectEvents } from '../../api/queries';

/** The team server's sign-in page; the whole studio waits behind it. */
export function LoginScreen(props: { project: string | null }) {
  const [name, setName] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    setError(null);
    try {
      await login(name.trim(), password);
      reconnectEvents();
      // Another person: every cached read is stale (a new project scope makes everything stale).
      await invalidateScopes(queryClient, ['project']);
    } catch (err) {
      setError((err as Error).message);
      setBusy(false);
    }
  };
  return (
    <main className="login" data-app-state="ready" data-testid="login.screen">
      <form className="login__card" onSubmit={(e) => void submit(e)}>
        <div className="login__brand"><Anchor size={20} /> Anchor Studio</div>
        <h1>Sign in{props.project ? ` to ${props.project}` : ''}</h1>
        <p className="muted small">This studio is shared by a team. Your lead gave you a name and password.</p>
        <p className="muted small" data-testid="login.ownerHint">Started this server yourself? Open the owner link <code>anchor serve</code> printed in its terminal.</p>
        <label className="field"><span>Name</span>
          <input autoFocus autoComplete="username" value={name} onChange={(e) => setName(e.target.value)} data-testid="login.name" />
        </label>
        <label className="field"><span>Password</span>
          <input type="password" autoComplete="current-password" value={password} onChange={(e) => setPassword(e.target.value)} data-testid="login.password" />
        </label>
        {error && <p className="error-box" role="alert" data-testid="login.error">{error}</p>}
        <button className="button button--primary login__submit" disabled={busy || !name || !password} data-testid="login.submit">
          <LogIn size={15} /> {busy ? 'Signing in…' : 'Sign in'}
        </button>
      </form>
    </main>
  );
}
