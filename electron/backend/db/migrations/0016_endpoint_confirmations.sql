-- The owner's confirmations that a run may continue on an endpoint other than the one it recorded (issue 29): which
-- role (the model asked or the judge), and the model and URL fingerprint confirmed. The newest one per role is what the
-- run is compared with from then on. A row only says what was accepted; requests still go to the owner's endpoint.
CREATE TABLE run_endpoint_confirmations (
  id INTEGER PRIMARY KEY,
  run_id INTEGER NOT NULL REFERENCES runs(id) ON DELETE CASCADE,
  role TEXT NOT NULL CHECK (role IN ('endpoint', 'judge')),
  model TEXT NOT NULL,
  url_fingerprint TEXT NOT NULL,
  changes TEXT NOT NULL,
  confirmed_by TEXT,
  confirmed_at TEXT NOT NULL
);
CREATE INDEX run_endpoint_confirmations_run ON run_endpoint_confirmations (run_id, role, id);

-- The same for an optimisation's endpoints (target, optimizer, analyzer, embeddings), by the name each is looked up by.
CREATE TABLE optimization_endpoint_confirmations (
  id INTEGER PRIMARY KEY,
  optimization_id INTEGER NOT NULL REFERENCES optimizations(id) ON DELETE CASCADE,
  name TEXT NOT NULL,
  model TEXT NOT NULL,
  url_fingerprint TEXT NOT NULL,
  changes TEXT NOT NULL,
  confirmed_by TEXT,
  confirmed_at TEXT NOT NULL
);
CREATE INDEX optimization_endpoint_confirmations_optimization ON optimization_endpoint_confirmations (optimization_id, name, id);
