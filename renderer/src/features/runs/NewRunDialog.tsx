import { Play } from 'lucide-react';
import { HUMAN_MODEL } from '@shared/contract/eval-entities';
import { useMutate } from '../../api/queries';
import { Modal } from '../../components/Modal';
import { useNavigation } from '../../stores/navigation';
import { useRuns } from '../../stores/runs';
import { PromptChoice, QuestionFilter, RunOptions, RunPlan, WhatToRun } from './NewRunFields';
import { useRunForm } from './useRunForm';

/** Configure a run, see what it will cost (requests, cache hits, tokens, dollars), then start it. */
export function NewRunDialog(props: { onClose: () => void }) {
  const f = useRunForm();
  const { form, ready, plan } = f;
  const start = useMutate('runs.start');
  const selectRun = useRuns((s) => s.selectRun);
  const go = useNavigation((s) => s.go);
  const human = form.model === HUMAN_MODEL;

  const submit = () => start.mutate(form, {
    onSuccess: ({ runId }) => {
      selectRun(runId);
      go('runs');
      props.onClose();
    },
  });

  return (
    <Modal title="New evaluation run" onClose={props.onClose} testId="runs.newDialog" wide
      footer={<>
        <button className="button" onClick={props.onClose}>Cancel</button>
        <button className="button button--primary" disabled={!ready || start.isPending || plan.isError} onClick={submit} data-testid="runs.start">
          <Play size={14} /> {human ? 'Start answering' : 'Start run'}
        </button>
      </>}>
      <form className="form" onSubmit={(e) => { e.preventDefault(); submit(); }}>
        <WhatToRun f={f} />
        <QuestionFilter f={f} />
        <PromptChoice f={f} />
        <RunOptions f={f} />
      </form>
      <RunPlan plan={plan} />
      {start.error && <p className="error-box">{start.error.message}</p>}
    </Modal>
  );
}
