import { contract, type MethodName } from '@shared/contract';
import { capabilitiesOf } from '@shared/domain/capabilities';
import type { Handlers } from '../dispatch';
import type { BackendState, CallContext } from '../state';
import { AppError } from '../errors';
import { assignItems, reassignItems } from './assignments';
import { checkerRule, setCheckerRule } from './checker-rule';
import { dashboard } from './dashboard';
import { tripletHistory } from './history';
import { lintProject } from './lint';
import { loginAlerts } from './login-alerts';
import { listQueue, queueNeighbour } from './queues';
import { submitReview } from './reviews';
import { getTriplet, overrideStatus, restoreRevision, saveTriplet } from './triplets';
import { getGuidelines, saveGuidelines } from './guidelines';
import { replyToReview } from './replies';
import { roundDiffFor } from './submissions';
import { actorOf, addUser, findUser, listUsers, setPassword, updateUser } from './users';

type TeamMethod = Extract<MethodName, `${'session' | 'users' | 'assignments' | 'triplets' | 'reviews' | 'guidelines' | 'team' | 'lint'}.${string}`>;

/** The triplet workflow's methods; the services check item-level rules, `authorize` has checked roles. */
export function teamHandlers(state: BackendState): Pick<Handlers, TeamMethod> {
  const db = () => state.requireProject().db;
  const actor = (ctx: CallContext) => (ctx.userId === null ? null : actorOf(db(), ctx.userId));
  const me = (ctx: CallContext) => (ctx.userId === null || !state.project ? null : findUser(db(), ctx.userId));
  const requireActor = (ctx: CallContext) => {
    const a = actor(ctx);
    if (!a) throw new AppError('forbidden', 'choose a profile first: the queues belong to a person');
    return a;
  };
  // Other windows and people refresh their queues when work moves; plain saves do not move it, so they stay quiet.
  const moved = <T>(value: T): T => {
    state.events.changed(['team']);
    return value;
  };
  return {
    'session.me': (_input, ctx) => ({ mode: state.team ? 'team' : 'local', user: me(ctx) }),
    'session.capabilities': (_input, ctx) => {
      const who = state.project && ctx.userId !== null ? actor(ctx) : null;
      // A named caller the project does not know (a removed profile) is refused everything, not taken for the owner.
      const unknown = ctx.userId !== null && who === null && state.project !== null;
      return { mode: state.team ? 'team' : 'local', user: who?.id ?? null, ...capabilitiesOf(contract, { actor: who, team: state.team || unknown }) };
    },
    'session.switch': ({ userId }) => {
      const project = state.requireProject();
      const user = userId === null ? null : findUser(project.db, userId);
      if (userId !== null && !user) throw new AppError('not_found', `there is no profile "${userId}" in this project`);
      state.localProfile = user?.id ?? null;
      state.recent.setProfile(project.path, state.localProfile);
      return { user };
    },

    'users.list': () => listUsers(db()),
    'users.add': async (input, ctx) => moved(await addUser(db(), input, ctx.userId, state.now())),
    'users.update': ({ name, ...patch }, ctx) => moved(updateUser(db(), name, patch, ctx.userId, state.now())),
    'users.setPassword': async ({ name, password }, ctx) => moved(await setPassword(db(), name, password, ctx.userId, state.now())),

    'assignments.assign': (input, ctx) => moved(assignItems(db(), ctx.userId, input, state.now())),
    'assignments.reassign': (input, ctx) => moved(reassignItems(db(), ctx.userId, input, state.now())),

    'triplets.queue': ({ offset, limit, ...filter }, ctx) => listQueue(db(), requireActor(ctx), filter, offset, limit),
    'triplets.next': ({ itemId, direction, ...filter }, ctx) => ({ itemId: queueNeighbour(db(), requireActor(ctx), filter, itemId, direction) }),
    'triplets.get': ({ itemId }, ctx) => getTriplet(db(), itemId, actor(ctx)),
    'triplets.save': (input, ctx) => saveTriplet(db(), actor(ctx), input, state.now()),
    'triplets.submit': (input, ctx) => moved(saveTriplet(db(), actor(ctx), { ...input, submit: true }, state.now())),
    'triplets.history': ({ itemId }, ctx) => tripletHistory(db(), itemId, actor(ctx)),
    'triplets.restore': (input, ctx) => restoreRevision(db(), actor(ctx), input, state.now()),
    'triplets.override': (input, ctx) => moved(overrideStatus(db(), actor(ctx), input, state.now())),

    'reviews.submit': (input, ctx) => moved(submitReview(db(), actor(ctx), input, state.now())),
    'reviews.reply': (input, ctx) => moved(replyToReview(db(), actor(ctx), input, state.now())),
    'triplets.roundDiff': ({ itemId, round }, ctx) => roundDiffFor(db(), actor(ctx), itemId, round),
    'guidelines.get': ({ datasetId, version }) => getGuidelines(db(), datasetId, version),
    'guidelines.save': (input, ctx) => moved(saveGuidelines(db(), ctx.userId, input, state.now())),

    'team.checkerRule': ({ datasetId }) => checkerRule(db(), datasetId),
    'team.setCheckerRule': (input, ctx) => moved(setCheckerRule(db(), ctx.userId, input, state.now())),
    'team.dashboard': ({ datasetId }) => dashboard(db(), datasetId),
    'team.loginAlerts': () => loginAlerts(db()),
    'lint.run': ({ datasetId }) => ({ findings: lintProject(db(), datasetId) }),
  };
}
