import type { MethodName } from '@shared/contract';
import type { Handlers } from '../dispatch';
import type { HandlerContext } from '../context';
import type { EndpointStore } from './endpoints';
import { testEndpoint } from './test-endpoint';

type EndpointsMethod = Extract<MethodName, `endpoints.${string}`>;

/** The machine's model endpoints (Settings, `anchor models`): list, save, delete and test one. */
export function endpointsHandlers({ endpoints }: HandlerContext<{ endpoints: EndpointStore }>): Pick<Handlers, EndpointsMethod> {
  return {
    'endpoints.list': () => endpoints.list(),
    'endpoints.save': ({ endpoint, apiKey, previousName }) => endpoints.save(endpoint, apiKey, previousName),
    'endpoints.delete': ({ name }) => ({ deleted: endpoints.delete(name) }),
    'endpoints.test': ({ name }) => testEndpoint(endpoints, name),
  };
}
