import type { Role } from '../contract/entities';

/** MMEvalPro spells roles `Origin | Perception | Knowledge` (its `eval_type`); we store them lowercase. */
const fromEvalType: Record<string, Role> = { origin: 'origin', perception: 'perception', knowledge: 'knowledge' };

export function roleFromEvalType(value: string): Role | null {
  return fromEvalType[value.trim().toLowerCase()] ?? null;
}

export function evalTypeFromRole(role: Role): string {
  return role.charAt(0).toUpperCase() + role.slice(1);
}

export const roleOrder: Record<Role, number> = { origin: 0, perception: 1, knowledge: 2 };
