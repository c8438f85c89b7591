import { useEffect, useState } from 'react';
import { useCapabilities } from '../../api/capabilities';
import { Database, FolderOpen, Sparkles, Upload } from 'lucide-react';
import { useCall, useMutate } from '../../api/queries';
import { EmptyState } from '../../components/EmptyState';
import { Kbd } from '../../components/Kbd';
import { useBrowse, type BrowseView } from '../../stores/browse';
import { useDialogs } from '../../stores/dialogs';
import { FilterBar } from './FilterBar';
import { useBrowseFilter } from './blind-filter';
import { ExportMenu } from './ExportMenu';
import { serverDownloads, useIsLead } from '../../api/download';
import { ItemPanel } from './ItemPanel';
import { QuestionList } from './QuestionList';
import { QualityView } from './QualityView';
import { countOf } from '@shared/domain/count-words';

/** Datasets: pick a dataset, filter and search its questions, open an item beside the list. */
export function DatasetsScreen() {
  const info = useCall('app.info');
  const datasets = useCall('datasets.list', undefined, { enabled: Boolean(info.data?.project) });
  const show = useDialogs((s) => s.show);
  const openDemo = useMutate('projects.openDemo');
  const { datasetId, setDataset, filters, openItemId, openItem, view, setView } = useBrowse();
  const canImport = useCapabilities().can('importFiles');
  const [shown, setShown] = useState(0);
  const isLead = useIsLead();

  const list = datasets.data ?? [];
  // Fall back to the first dataset only once the list is current: a dataset just imported is not in a stale list yet.
  useEffect(() => {
    if (!datasets.isFetching && list.length > 0 && !list.some((d) => d.id === datasetId)) setDataset(list[0]!.id);
  }, [list, datasetId, setDataset, datasets.isFetching]);
  const filter = useBrowseFilter(datasetId, filters, isLead);

  if (info.data && !info.data.project) {
    return (
      <EmptyState icon={FolderOpen} title="No project is open" testId="datasets.noProject"
        actions={<>
          <button className="button button--primary" onClick={() => show('project')}>Open or create a project</button>
          <button className="button" onClick={() => openDemo.mutate({})}><Sparkles size={14} /> Open the demo</button>
        </>}>
        A project is one <code>.anchor</code> file holding datasets, annotations and runs. Open one, create one, or look around in the demo.
      </EmptyState>
    );
  }
  if (datasets.isSuccess && list.length === 0) {
    return (
      <EmptyState icon={Database} title="No datasets yet" testId="datasets.empty"
        actions={canImport && <button className="button button--primary" onClick={() => show('import')} data-testid="datasets.import"><Upload size={14} /> Import files</button>}>
        {canImport
          ? <>Import a benchmark: a VLMEvalKit TSV, MMEvalPro JSON/JSONL/parquet, MMMU JSON/parquet, or your own JSONL with image paths. Press <Kbd>i</Kbd>.</>
          : 'A lead imports the benchmarks; they appear here as soon as they are in the project.'}
      </EmptyState>
    );
  }
  const current = list.find((d) => d.id === datasetId);
  return (
    <div className="datasets" data-testid="datasets.screen">
      <header className="screen-header">
        {/* The dataset tabs stand where a title would; screen readers still get the screen's name as its h1. */}
        <h1 className="visually-hidden">Datasets</h1>
        <div className="dataset-tabs" role="tablist" aria-label="Datasets">
          {list.map((d) => (
            <button key={d.id} role="tab" aria-selected={d.id === datasetId} className={`dataset-tab${d.id === datasetId ? ' dataset-tab--active' : ''}`}
              onClick={() => setDataset(d.id)} data-testid="datasets.tab">
              <span className="dataset-tab__name">{d.name}</span>
              <span className="dataset-tab__count">{d.questionCount.toLocaleString()}</span>
            </button>
          ))}
        </div>
        <div className="screen-header__actions">
          {current && <span className="muted small">{current.format} · {countOf(current.itemCount, 'item')}</span>}
          {isLead && datasetId !== null && <ViewSwitch view={view} onChange={setView} />}
          {isLead && serverDownloads && datasetId !== null && <ExportMenu datasetId={datasetId} />}
          {canImport && <button className="button button--primary" onClick={() => show('import')} data-testid="datasets.import"><Upload size={14} /> Import</button>}
        </div>
      </header>
      {isLead && view === 'quality' && datasetId !== null ? <QualityView datasetId={datasetId} /> : (
        <>
          {datasetId !== null && <FilterBar datasetId={datasetId} shown={shown} />}
          <div className={`browse${openItemId !== null ? ' browse--split' : ''}`}>
            {datasetId !== null && <QuestionList filter={filter} onTotal={setShown} />}
            {openItemId !== null && <ItemPanel itemId={openItemId} onClose={() => openItem(null)} />}
          </div>
        </>
      )}
    </div>
  );
}

/** The lead's choice between the dataset's questions and its quality report. */
function ViewSwitch(props: { view: BrowseView; onChange: (view: BrowseView) => void }) {
  const views: [BrowseView, string][] = [['questions', 'Questions'], ['quality', 'Quality']];
  return (
    <div className="segmented segmented--small" role="group" aria-label="Show">
      {views.map(([v, label]) => (
        <button key={v} className={`segmented__item${props.view === v ? ' segmented__item--on' : ''}`} aria-pressed={props.view === v}
          onClick={() => props.onChange(v)} data-testid={`datasets.view.${v}`}>{label}</button>
      ))}
    </div>
  );
}
