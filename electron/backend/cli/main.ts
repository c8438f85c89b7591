import { Command } from 'commander';
import { packageVersion } from '../paths';
import { registerCommands } from './commands';
import { registerScore } from './score';
import { registerServe } from './serve';
import { registerModels } from './models';
import { registerEval } from './eval';
import { registerReport } from './report';
import { registerTeam } from './team';
import { registerVariants } from './variants';
import { registerOptimize } from './optimize';
import { registerRegions } from './regions';
import { registerDoctor } from './doctor';
import { registerGrade } from './grade';
import { registerCheck } from './check';

/** `anchor` — the studio's command line: the same services as the desktop app and the browser studio. */
const program = new Command('anchor')
  .description('Anchor Studio: annotate triplets, draw visual prompts and evaluate vision-language models offline')
  .version(packageVersion());
registerServe(program);
registerCommands(program);
registerScore(program);
registerModels(program);
registerEval(program);
registerReport(program);
registerTeam(program);
registerVariants(program);
registerOptimize(program);
registerRegions(program);
registerDoctor(program);
registerGrade(program);
registerCheck(program);
program.parseAsync(process.argv).catch((error: Error) => {
  process.stderr.write(`anchor: ${error.message}\n`);
  process.exit(1);
});
