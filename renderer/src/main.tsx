import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { QueryClientProvider } from '@tanstack/react-query';
import { call } from './api/call';
import { invalidateScopes, prefetchCall, queryClient, subscribeToBackend } from './api/queries';
import { BACKEND_BACK } from './api/transport';
import { App } from './app/App';
import { runCommand } from './app/commands';
import { startLocationSync } from './app/location-sync';
import { useJobs } from './stores/jobs';
import './styles/tokens.css';
import './styles/app.css';
import './styles/runs.css';
import './styles/reports.css';
import './styles/workflow.css';
import './styles/canvas.css';
import './styles/prompts.css';

// Backend events keep every view current: job progress feeds the bars, data changes refresh the queries they touch.
subscribeToBackend((event) => {
  if (event.type === 'job.progress' || event.type === 'job.finished') useJobs.getState().update(event.job);
  if (event.type === 'data.changed') void invalidateScopes(queryClient, event.scopes);
  if (event.type === 'ui.command') runCommand(event.command);
});

// Events sent before the page listened, or while the stream was down, are not replayed: the jobs are read at start (the
// desktop window, reloaded, has no stream to reconnect) and at each (re)connection, so a job that started or ended in
// the gap shows as it is (an optimisation's screen would otherwise call a running one interrupted).
const readJobs = () => void call('jobs.list').then((jobs) => useJobs.getState().merge(jobs), () => undefined);
readJobs();
window.addEventListener(BACKEND_BACK, readJobs);

// The reads every start waits on are sent before the first render, which then draws the screen once with their answers
// (drawing it empty first, then again for each answer, is work every start waited for). A server slower than a second sees the
// studio's frame while it waits. The project's datasets follow once the session says there is a project and someone
// may read it (a team server's login page needs none).
const [info, me] = [prefetchCall('app.info'), prefetchCall('session.me')];
const session = Promise.race([
  Promise.all([info, me, prefetchCall('session.capabilities')]),
  new Promise((resolve) => setTimeout(resolve, 1000)),
]);
void Promise.all([info, me]).then(([i, m]) => {
  if (i?.project && m && (m.mode !== 'team' || m.user)) void prefetchCall('datasets.list');
});

// The URL names the screen and what is open on it; the stores take it before the first render.
startLocationSync();

const render = () => createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <App />
    </QueryClientProvider>
  </StrictMode>,
);
void session.then(render);
