import { z } from 'zod';

// Imported first by main.tsx. Zod probes `new Function` once to decide whether to compile its object parsers; under
// the studio's `script-src 'self'` the probe fails harmlessly but every page load reported it as a CSP violation.
// Without it zod parses by interpretation, which the renderer's few responses a second do not notice.
z.config({ jitless: true });
