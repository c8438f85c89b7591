import { contract, type MethodName } from '@shared/contract';
import { capabilitiesOf } from '@shared/domain/capabilities';
import type { Handlers } from '../dispatch';
import type { CallContext } from '../dispatch';
import type { HandlerContext } from '../context';
import { AppError } from '../errors';
import { assignItems, reassignItems } from './assignment/assignments';
import { checkerRule, setCheckerRule } from './assignment/checker-rule';
import { dashboard } from './assignment/dashboard';
import { tripletHistory } from './triplets/history';
import { lintProject } from './triplets/lint';
import { duplicateFindings } from '../quality/lint';
import { visualFindings } from '../quality/visual-results';
import { loginAlerts } from './people/login-alerts';
import { listQueue, queueNeighbour } from './assignment/queues';
import { submitReview } from './triplets/reviews';
import { getTriplet, overrideStatus, restoreRevision, saveTriplet } from './triplets/triplets';
import { getGuidelines, saveGuidelines } from './guidelines/guidelines';
import { replyToReview } from './triplets/replies';
import { roundDiffFor } from './triplets/submissions';
import { draftingHandlers, type DraftingContext, type DraftingMethod } from './drafting/handlers';
import { actorOf, addUser, clearPassword, findUser, listUsers, setPassword, updateUser } from './people/users';

type TeamMethod = Extract<MethodName, `${'session' | 'users' | 'assignments' | 'triplets' | 'reviews' | 'guidelines' | 'team' | 'lint'}.${string}`>;

/** The team's handlers' context (context.ts), with the profile services and what drafting asks models with. */
export type TeamContext = HandlerContext<ProfileServices> & DraftingContext;

/** The server's mode and the desktop's chosen profile, which the session methods read and change. */
export interface ProfileServices {
  /** A team server (logins required); read at call time, as it is set once the backend has started. */
  isTeam(): boolean;
  /** Remembers the desktop's chosen profile for the open project (null: the machine's owner). */
  chooseProfile(userId: string | null): void;
}

/** The triplet workflow's methods; the logic files check item-level rules, `authorize` has checked roles. */
export function teamHandlers(team: TeamContext): Pick<Handlers, TeamMethod | DraftingMethod> {
  const { db, now } = team;
  const actor = (ctx: CallContext) => (ctx.userId === null ? null : actorOf(db(), ctx.userId));
  // The owner on a team server (signed in by the link `anchor serve` printed) works as in the local studio.
  const loginMode = (ctx: CallContext) => (team.isTeam() && ctx.requireUser ? 'team' as const : 'local' as const);
  const me = (ctx: CallContext) => (ctx.userId === null || !team.hasProject() ? null : findUser(db(), ctx.userId));
  const requireActor = (ctx: CallContext) => {
    const a = actor(ctx);
    if (!a) throw new AppError('forbidden', 'choose a profile first: the queues belong to a person');
    return a;
  };
  // Other windows and people refresh their queues when work moves; plain saves do not move it, so they stay quiet.
  const moved = <T>(value: T): T => {
    team.events.changed(['team']);
    return value;
  };
  return {
    ...draftingHandlers(team),
    'session.me': (_input, ctx) => ({ mode: loginMode(ctx), user: me(ctx) }),
    'session.capabilities': (_input, ctx) => {
      const who = team.hasProject() && ctx.userId !== null ? actor(ctx) : null;
      // A named caller the project does not know (a removed profile) is refused everything, not taken for the owner.
      const unknown = ctx.userId !== null && who === null && team.hasProject();
      return { mode: loginMode(ctx), user: who?.id ?? null, ...capabilitiesOf(contract, { actor: who, team: loginMode(ctx) === 'team' || unknown }) };
    },
    'session.switch': ({ userId }) => {
      const user = userId === null ? null : findUser(db(), userId);
      if (userId !== null && !user) throw new AppError('not_found', `there is no profile "${userId}" in this project`);
      team.chooseProfile(user?.id ?? null);
      return { user };
    },

    'users.list': () => listUsers(db()),
    'users.add': async (input, ctx) => moved(await addUser(db(), input, ctx.userId, now())),
    'users.update': ({ name, ...patch }, ctx) => moved(updateUser(db(), name, patch, ctx.userId, now())),
    'users.setPassword': async ({ name, password }, ctx) => moved(await setPassword(db(), name, password, ctx.userId, now())),
    'users.clearPassword': ({ name }, ctx) => moved(clearPassword(db(), name, ctx.userId, now())),

    'assignments.assign': (input, ctx) => moved(assignItems(db(), ctx.userId, input, now())),
    'assignments.reassign': (input, ctx) => moved(reassignItems(db(), ctx.userId, input, now())),

    'triplets.queue': ({ offset, limit, ...filter }, ctx) => listQueue(db(), requireActor(ctx), filter, offset, limit),
    'triplets.next': ({ itemId, direction, ...filter }, ctx) => ({ itemId: queueNeighbour(db(), requireActor(ctx), filter, itemId, direction) }),
    'triplets.get': ({ itemId }, ctx) => getTriplet(db(), itemId, actor(ctx)),
    'triplets.save': (input, ctx) => saveTriplet(db(), actor(ctx), input, now()),
    'triplets.submit': (input, ctx) => moved(saveTriplet(db(), actor(ctx), { ...input, submit: true }, now())),
    'triplets.history': ({ itemId }, ctx) => tripletHistory(db(), itemId, actor(ctx)),
    'triplets.restore': (input, ctx) => restoreRevision(db(), actor(ctx), input, now()),
    'triplets.override': (input, ctx) => moved(overrideStatus(db(), actor(ctx), input, now())),

    'reviews.submit': (input, ctx) => moved(submitReview(db(), actor(ctx), input, now())),
    'reviews.reply': (input, ctx) => moved(replyToReview(db(), actor(ctx), input, now())),
    'triplets.roundDiff': ({ itemId, round }, ctx) => roundDiffFor(db(), actor(ctx), itemId, round),
    'guidelines.get': ({ datasetId, version }) => getGuidelines(db(), datasetId, version),
    'guidelines.save': (input, ctx) => moved(saveGuidelines(db(), ctx.userId, input, now())),

    'team.checkerRule': ({ datasetId }) => checkerRule(db(), datasetId),
    'team.setCheckerRule': (input, ctx) => moved(setCheckerRule(db(), ctx.userId, input, now())),
    'team.dashboard': ({ datasetId }) => dashboard(db(), datasetId),
    'team.loginAlerts': () => loginAlerts(db()),
    'lint.run': async ({ datasetId }) => {
      const project = db();
      return { findings: [...lintProject(project, datasetId), ...(await duplicateFindings(project, datasetId)), ...visualFindings(project, datasetId)] };
    },
  };
}
