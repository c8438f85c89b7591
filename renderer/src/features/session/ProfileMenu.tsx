import { useEffect, useRef, useState } from 'react';
import { ChevronUp, LogOut, UserRound, Users } from 'lucide-react';
import { logout } from '../../api/auth';
import { invalidateScopes, queryClient, useCall, write } from '../../api/queries';
import { useNavigation } from '../../stores/navigation';

const initials = (name: string) => name.split(/\s+/).map((w) => w[0]).join('').slice(0, 2).toUpperCase();

/**
 * Who you are working as. Desktop and loopback servers: switch between the project's profiles freely. Team server:
 * your login, and Log out.
 */
export function ProfileMenu() {
  const me = useCall('session.me');
  const hasProject = Boolean(useCall('app.info').data?.project);
  const users = useCall('users.list', undefined, { enabled: hasProject && me.data?.mode === 'local' });
  const go = useNavigation((s) => s.go);
  const [open, setOpen] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (!open) return;
    const close = (e: MouseEvent) => { if (!ref.current?.contains(e.target as Node)) setOpen(false); };
    window.addEventListener('mousedown', close);
    return () => window.removeEventListener('mousedown', close);
  }, [open]);
  if (!me.data || !hasProject) return null;
  const user = me.data.user;
  const team = me.data.mode === 'team';
  const switchTo = async (userId: string | null) => {
    setOpen(false);
    await write('session.switch', { userId });
  };
  return (
    <div className="profile" ref={ref}>
      <button className="profile__button" onClick={() => setOpen(!open)} data-testid="profile.button" aria-expanded={open}
        title={team ? 'Your account' : 'Switch the profile you work as'}>
        <span className="avatar">{user ? initials(user.displayName) : <UserRound size={14} />}</span>
        <span className="profile__text">
          <span className="profile__name" data-testid="profile.name">{user ? user.displayName : 'No profile'}</span>
          <span className="profile__roles">{user ? user.roles.join(' · ') : 'choose who you are'}</span>
        </span>
        <ChevronUp size={14} />
      </button>
      {open && (
        <div className="profile__menu" role="menu">
          {team ? (
            <button className="profile__item" role="menuitem" data-testid="profile.logout"
              onClick={() => void logout().then(() => invalidateScopes(queryClient, ['project']))}><LogOut size={14} /> Log out</button>
          ) : (
            <>
              <div className="profile__heading">Work as</div>
              {(users.data ?? []).map((u) => (
                <button key={u.id} className={`profile__item${u.id === user?.id ? ' profile__item--on' : ''}`} role="menuitem"
                  onClick={() => void switchTo(u.id)} data-testid={`profile.switch.${u.name}`}>
                  <span className="avatar avatar--small">{initials(u.displayName)}</span> {u.displayName}
                  <span className="muted small">{u.roles.join(', ')}</span>
                </button>
              ))}
              {user && <button className="profile__item" role="menuitem" onClick={() => void switchTo(null)}><UserRound size={14} /> No profile</button>}
              <button className="profile__item" role="menuitem" onClick={() => { setOpen(false); go('team'); }}><Users size={14} /> Manage people…</button>
            </>
          )}
        </div>
      )}
    </div>
  );
}
