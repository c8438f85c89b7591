import { contract, type MethodName } from '@shared/contract';
import { hasRole } from '@shared/domain/permissions';
import { AppError } from '../../errors';
import type { CallContext } from '../../dispatch';
import type { TeamContext } from '../handlers';
import { actorOf } from './users';

/**
 * Checks a call against its method's `access` before it runs, for every adapter. A caller without a user id is the
 * machine's owner (the CLI, tests, a desktop with no profile chosen) unless the adapter requires a login (team
 * server). Rules that depend on the item — own triplet, assigned checker — are the services' to check.
 */
export function authorize(team: Pick<TeamContext, 'isTeam' | 'hasProject' | 'db'>, name: MethodName, ctx: CallContext): void {
  const def = contract[name];
  if (def.localOnly && team.isTeam()) throw new AppError('forbidden', `${name} is not available on a team server: it serves one project to everyone`);
  if (def.ownerOnly && ctx.remote) throw new AppError('forbidden', `${name} is the machine owner's: run it on the server's command line or desktop`);
  if (def.access === 'open') return;
  if (ctx.userId === null) {
    if (ctx.requireUser) throw new AppError('unauthorized', 'log in first');
    return;
  }
  if (!team.hasProject()) return;
  const actor = actorOf(team.db(), ctx.userId);
  if (!actor) throw new AppError('unauthorized', `there is no user "${ctx.userId}" in this project; log in again or choose another profile`);
  if (def.access !== 'user' && !hasRole(actor, def.access)) {
    throw new AppError('forbidden', `${name} needs the ${def.access.join(' or ')} role; ${actor.id} is ${actor.roles.join(', ') || 'without a role'}`);
  }
}
