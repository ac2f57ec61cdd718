// npm run flows:check — validates every flow folder and its references; exits 1 on any problem.
// The checking itself is the engine's (src/engine/flow/checkAll.ts); this prints it.

import { checkAllFlows } from '../engine/flow/checkAll';
import { REFERENCE_DATA, serviceLovNames, serviceLovValues } from './workspace';

if (import.meta.url === `file://${process.argv[1]}`) {
  Promise.all([serviceLovNames(), serviceLovValues()])
    .then(([lovNames, lovValues]) => checkAllFlows({ lovNames, lovValues, dataFolders: [REFERENCE_DATA] }))
    .then(({ ids, problems }) => {
      for (const p of problems) console.error(`${p.file}#${p.pointer}: ${p.message}`);
      if (problems.length) {
        console.error(`\nflows:check: ${problems.length} problem(s) in ${ids.length} flow(s)`);
        process.exit(1);
      }
      console.log(`flows:check: ${ids.length} flow(s) OK (${ids.join(', ')})`);
    })
    .catch((error: Error) => {
      console.error(`flows:check: ${error.message}`);
      process.exit(1);
    });
}
