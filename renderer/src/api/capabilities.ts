import type { Capability, ImportSource } from '@shared/domain/capabilities';
import { useCall } from './queries';

export interface Capabilities {
  can(action: Capability): boolean;
  importFrom: readonly ImportSource[];
  loaded: boolean;
}

/**
 * What the person at the keyboard may do, as the backend says (`session.capabilities`). Until it answers, nothing
 * is offered: an action that appears and then vanishes is worse than one that appears a moment later.
 */
export function useCapabilities(): Capabilities {
  const caps = useCall('session.capabilities');
  const data = caps.data;
  return { can: (action) => Boolean(data?.can[action]), importFrom: data?.importFrom ?? [], loaded: Boolean(data) };
}
