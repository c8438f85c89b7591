import { useState } from 'react';
import { Bot } from 'lucide-react';
import type { Triplet } from '@shared/contract';
import { useCall, write } from '../../api/queries';

/**
 * "Draft with model": offered only where a lead turned drafting on and chose an endpoint, and the caller may edit.
 * The draft is saved as the model's revision and the form adopts it like any newer saved text; the text before it
 * stays in History.
 */
export function DraftWithModel(props: {
  t: Triplet; editable: boolean; flush(): Promise<unknown>; version: number | null; onNotice(message: string): void;
}) {
  const settings = useCall('drafting.settings', { datasetId: props.t.datasetId });
  const [busy, setBusy] = useState(false);
  if (!props.editable || !settings.data?.enabled || !settings.data.endpoint) return null;
  const draft = async () => {
    setBusy(true);
    try {
      await props.flush();
      const done = await write('drafting.draft', { itemId: props.t.itemId, baseVersion: props.version ?? props.t.version });
      props.onNotice(`Drafted by ${done.author}: check and edit both questions, then submit. The text before is kept in History.`);
    } catch (e) {
      props.onNotice((e as Error).message);
    } finally {
      setBusy(false);
    }
  };
  return (
    <button className="button" onClick={() => void draft()} disabled={busy} data-testid="annotate.draftWithModel"
      title={`Ask ${settings.data.endpoint} for a perception and a knowledge question`}>
      <Bot size={14} /> {busy ? 'Drafting…' : 'Draft with model'}
    </button>
  );
}
