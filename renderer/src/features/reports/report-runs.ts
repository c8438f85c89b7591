interface RunRef { id: number; status: string; datasetId: number }

/** The run a fresh Reports screen opens: the newest finished one (the list is newest first), else the newest. */
export function landingRun<R extends RunRef>(list: readonly R[]): R | undefined {
  return list.find((r) => r.status === 'done') ?? list[0];
}

/** The run Compare starts beside the open one: the newest other run on the same dataset. */
export function comparePartner<R extends RunRef>(list: readonly R[], current: R): R | undefined {
  return list.find((r) => r.id !== current.id && r.datasetId === current.datasetId);
}

/** The run `by` places down the list from the open one, held at the list's ends; from an unknown run, the first. */
export function steppedRun<R extends RunRef>(list: readonly R[], runId: number | null, by: number): R {
  const i = Math.max(0, list.findIndex((r) => r.id === runId));
  return list[Math.min(list.length - 1, Math.max(0, i + by))]!;
}
