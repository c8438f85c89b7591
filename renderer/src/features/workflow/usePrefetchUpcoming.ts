import { useEffect } from 'react';
import type { Triplet } from '@shared/contract';
import { call, mediaUrl } from '../../api/call';
import { queryClient } from '../../api/queries';

/** Loads the next items of the queue and their images in the background, so moving on shows them at once. */
export function usePrefetchUpcoming(triplet: Triplet | undefined): void {
  useEffect(() => {
    for (const next of triplet?.upcoming ?? []) {
      void queryClient.prefetchQuery({ queryKey: ['triplets.get', { itemId: next.itemId }], queryFn: () => call('triplets.get', { itemId: next.itemId }) });
      for (const hash of next.images) new Image().src = mediaUrl(hash);
    }
  }, [triplet]);
}
