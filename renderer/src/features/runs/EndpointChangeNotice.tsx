import { CallError } from '../../api/call';

/**
 * A resume or retry refused because this machine's endpoint of the run's name is not the one the run recorded (another
 * model, or other URLs: a project file received from someone else). Nothing was sent; the owner decides here whether
 * the run goes on with their own endpoint, and that decision is recorded with the run.
 */
export function EndpointChangeNotice(props: { error: Error | null; busy: boolean; onAccept: () => void }) {
  if (!(props.error instanceof CallError) || props.error.code !== 'endpoint_changed') return null;
  return (
    <div className="error-box" role="alert" data-testid="runs.endpointChanged">
      <p>{props.error.message}</p>
      <p className="small">Going on asks your endpoint of that name, with your key, and records with the run that you agreed.</p>
      <button className="button" disabled={props.busy} onClick={props.onAccept} data-testid="runs.acceptEndpointChange">
        Continue with this machine's endpoint
      </button>
    </div>
  );
}
