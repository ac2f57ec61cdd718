// npm run flows:check — validates every flow folder and its references; exits 1 on any problem.

import { checkFlowFolder, type FlowProblem } from '../engine/flow/check';
import { FLOWS_DIR, listFlowIds, readFieldSets, readFlowFiles } from '../engine/flow/files';
import { readLocales, readSchemas, serviceLovNames } from './workspace';

/** Checks every flow folder under `root` (flows/ unless given: the dev route's tests pass a copy). */
export async function checkAllFlows(root = FLOWS_DIR): Promise<{ ids: string[]; problems: FlowProblem[] }> {
  const [schemas, locales, lovNames, fieldSets, ids] = await Promise.all([
    readSchemas(),
    readLocales(),
    serviceLovNames(),
    readFieldSets(root),
    listFlowIds(root),
  ]);
  const problems: FlowProblem[] = [];
  for (const id of ids) {
    let files: Awaited<ReturnType<typeof readFlowFiles>>;
    try {
      files = await readFlowFiles(id, root);
    } catch (error) {
      problems.push({ file: `flows/${id}`, pointer: '/', message: (error as Error).message });
      continue;
    }
    problems.push(...checkFlowFolder({ schemas, files: { id, ...files }, fieldSets, locales, lovNames }));
  }
  return { ids, problems };
}

if (import.meta.url === `file://${process.argv[1]}`) {
  checkAllFlows()
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
