import * as electron from 'electron';
import { join } from 'node:path';
import { startDesktop } from './app';

// The bundle lives in dist/electron/; the renderer build beside it in dist/renderer/.
void startDesktop(electron, join(__dirname, '..'));
