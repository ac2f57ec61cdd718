// The zcp service in this process for the command-line replays and the scenario tests: the
// server's in-process starter (src/server/publishing/replay/inProcess.ts) over buildApp.

import { buildApp } from '../../server/app';
import { inProcessStarter } from '../../server/publishing/replay/inProcess';

export {
  inProcessServiceOf,
  type ReplayClock,
} from '../../server/publishing/replay/inProcess';

/** `flows`: fixed flows to serve (a candidate version the publishing gates replay against). */
export const startInProcessService = inProcessStarter(buildApp);
