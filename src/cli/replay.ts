// npm run replay -- [--browser] <scenario.json> …
// Replays scenarios headless (the flow machine and the zcp service in-process) or, with
// --browser, in Chromium against a running site; prints what happened and exits 1 on a mismatch.

import { basename } from 'node:path';
import { loadFlowBundles } from '../engine/flow/files';
import { replayHeadless } from '../server/publishing/replay/headless';
import {
  compareOutcome,
  describeResult,
  type ReplayResult,
  readScenario,
} from '../server/publishing/replay/scenario';
import { startInProcessService } from './replay/inProcess';

async function main(argv: string[]): Promise<number> {
  const browser = argv.includes('--browser');
  const files = argv.filter((a) => !a.startsWith('--'));
  if (!files.length) {
    console.error('usage: npm run replay -- [--browser] <scenario.json> …');
    return 2;
  }
  const bundles = await loadFlowBundles();
  const app = browser ? null : await startInProcessService();
  const runBrowser = browser ? (await import('./replay/browser')).replayInBrowser : null;
  let failed = 0;
  try {
    for (const file of files) {
      const scenario = await readScenario(file);
      const bundle = bundles.find((b) => b.flow.id === scenario.flow);
      if (!bundle) throw new Error(`${file}: unknown flow "${scenario.flow}"`);
      let result: ReplayResult;
      try {
        result = runBrowser
          ? await runBrowser(bundle, scenario)
          : await replayHeadless(app!, bundle, scenario);
      } catch (error) {
        failed++;
        console.log(`✗ ${basename(file)}: ${scenario.name}\n  ${(error as Error).message}`);
        continue;
      }
      const problems = compareOutcome(scenario.expect, result);
      if (problems.length) failed++;
      console.log(`${problems.length ? '✗' : '✓'} ${basename(file)}: ${scenario.name}`);
      console.log(describeResult(result).replace(/^/gm, '  '));
      for (const p of problems) console.log(`  ✗ ${p}`);
    }
  } finally {
    await app?.close();
  }
  console.log(`\nreplay: ${files.length - failed} passed, ${failed} failed`);
  return failed ? 1 : 0;
}

main(process.argv.slice(2)).then(
  (code) => process.exit(code),
  (error: Error) => {
    console.error(`replay: ${error.message}`);
    process.exit(1);
  },
);
