import type { Capability } from '@shared/domain/capabilities';
import type { Screen } from '../stores/navigation';

/** Screens shown only to people with one of these capabilities (Team is where a lead manages people and work). */
const screenNeeds: Partial<Record<Screen, Capability[]>> = {
  team: ['manageTeam', 'assignWork', 'viewDashboard'],
};

export function screenShown(screen: Screen, can: (c: Capability) => boolean): boolean {
  const needs = screenNeeds[screen];
  return !needs || needs.some(can);
}
