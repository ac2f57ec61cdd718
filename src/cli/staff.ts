// npm run staff -- <command> …: the operator's door to the studio's staff accounts (README, "The
// studio"). Every change is audited as "cli:<the operator's user name>", like an admin's in the
// studio. With the embedded database, run it while the service is stopped (PGlite has one
// writer); on PostgreSQL (DATABASE_URL) at any time.
//
//   add --email <e-mail> --name "<full name>" --role viewer|editor|publisher|admin [--password <p>] [--no-totp]
//   list
//   disable|enable|unlock|reset-password|reset-totp <e-mail>
//   demo-code            the current code of the demo staff's authenticator (not in production)

import { userInfo } from 'node:os';
import { openDb } from '../server/db';
import { loadConfig } from '../server/platform/config';
import { explain, STAFF_USAGE, staffCommand, UsageError } from './staffCommand';

async function main(): Promise<void> {
  const config = loadConfig(process.env);
  await staffCommand(process.argv.slice(2), {
    config,
    openDb: () => openDb({ url: config.databaseUrl, dataDir: config.dataDir }),
    operator: userInfo().username,
    out: (line) => console.log(line),
    err: (line) => console.error(line),
  });
}

main().catch((error: unknown) => {
  if (error instanceof UsageError) console.error(`${error.message}\n\n${STAFF_USAGE}`);
  else console.error(`staff: ${explain(error)}`);
  process.exitCode = 1;
});
