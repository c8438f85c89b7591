import { z } from 'zod';
import { LEAD, method, noInput } from '../define';
import { userNameSchema, userRoleSchema, userSchema } from '../team-entities';
import { capabilityNames, type Capability } from '../../domain/capabilities';

// Who is at the keyboard and the people of the project: what every start of the studio asks, apart from the triplet
// workflow's methods (team.ts), so a studio can start without building those (DECISIONS 266).

const capabilitySet = z.object(Object.fromEntries(capabilityNames.map((c) => [c, z.boolean()])) as Record<Capability, z.ZodBoolean>);

export const sessionMethods = {
  /** Who the caller is. `local`: the desktop (or a loopback server without logins), profiles switch freely. `team`: logins. */
  'session.me': method({
    access: 'open', reads: ['team'],
    doc: 'The signed-in user or chosen profile, and whether this is a team server.',
    input: noInput,
    output: z.object({ mode: z.enum(['local', 'team']), user: userSchema.nullable() }),
  }),
  /** What the caller may do, so the studio shows only those actions (the backend checks every call regardless). */
  'session.capabilities': method({
    access: 'open', reads: ['team'],
    doc: 'The caller\'s capabilities: each action with whether they may take it, and where imports may come from.',
    input: noInput,
    output: z.object({
      mode: z.enum(['local', 'team']),
      user: z.string().nullable(),
      can: capabilitySet,
      importFrom: z.array(z.enum(['paths', 'upload'])),
    }),
  }),
  /** Desktop profiles: switch who you are working as (no password; the machine is yours). */
  'session.switch': method({
    access: 'open', localOnly: true,
    doc: 'Work as another local profile (or none).',
    input: z.object({ userId: z.string().nullable() }),
    output: z.object({ user: userSchema.nullable() }),
    mutates: ['team', 'project'],
  }),

  'users.list': method({ access: 'user', reads: ['team'], doc: 'Everyone in the project with their roles.', input: noInput, output: z.array(userSchema) }),
  'users.add': method({
    access: LEAD,
    doc: 'Add a person; a password lets them log in to a team server.',
    input: z.object({ name: userNameSchema, displayName: z.string().max(80).optional(), roles: z.array(userRoleSchema).min(1),
      password: z.string().max(200).optional() }),
    output: userSchema,
    mutates: ['team'],
  }),
  'users.update': method({
    access: LEAD,
    doc: 'Change a person\'s display name or roles.',
    input: z.object({ name: z.string(), displayName: z.string().max(80).optional(), roles: z.array(userRoleSchema).optional() }),
    output: userSchema,
    mutates: ['team'],
  }),
  'users.setPassword': method({
    access: LEAD,
    doc: 'Set a person\'s password; their open sessions end.',
    input: z.object({ name: z.string(), password: z.string().max(200) }),
    output: userSchema,
    mutates: ['team'],
  }),

  'users.clearPassword': method({
    access: LEAD, ownerOnly: true,
    doc: 'Remove a person\'s password (the machine\'s owner only); their open sessions end. With no password left, `anchor serve` needs no logins.',
    input: z.object({ name: z.string() }),
    output: userSchema,
    mutates: ['team'],
  }),
};
