// Starts the zcp service: configuration from the environment, the database, the app, then listen.
// SIGTERM and SIGINT close the server (in-flight requests finish) and then the database.

import { readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app';
import { openDb } from './db';
import { ConfigError, loadConfig } from './platform/config';

function packageVersion(): string {
  try {
    const file = join(dirname(fileURLToPath(import.meta.url)), '..', '..', 'package.json');
    return (JSON.parse(readFileSync(file, 'utf8')) as { version?: string }).version ?? '0.0.0';
  } catch {
    return '0.0.0';
  }
}

async function main(): Promise<void> {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig(process.env, packageVersion());
  } catch (error) {
    if (error instanceof ConfigError) {
      process.stderr.write(`${error.message}\n`);
      process.exit(2);
    }
    throw error;
  }

  const db = await openDb({ url: config.databaseUrl, dataDir: config.dataDir });
  const app = await buildApp(config, { db });
  if (config.sessionSecretGenerated) {
    app.log.warn(
      'SESSION_SECRET not set: a random one is used, so codes and offer cookies do not survive a restart',
    );
  }

  if (config.insecureDemo) {
    const banner = [
      'ALLOW_INSECURE_DEMO=1: this production build runs as an INSECURE DEMO. Never take real customers on it.',
      ...config.insecureDemoWaived.map((rule) => `  waived: ${rule}`),
    ].join('\n');
    process.stderr.write(`\n${'!'.repeat(80)}\n${banner}\n${'!'.repeat(80)}\n\n`);
    app.log.warn({ insecureDemo: true, waived: config.insecureDemoWaived }, 'insecure demo mode');
  }

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => {
      app.log.error('shutdown took too long; exiting');
      process.exit(1);
    }, 15_000);
    timer.unref();
    try {
      await app.close();
      await db.close();
      process.exit(0);
    } catch (error) {
      app.log.error({ err: error }, 'shutdown failed');
      process.exit(1);
    }
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    {
      url: config.publicUrl,
      db: db.kind,
      mail: config.smtpUrl ? 'smtp' : 'kept',
      devMailbox: config.devMailbox,
    },
    `zcp service listening on ${config.host}:${config.port} (${config.publicUrl})`,
  );
}

main().catch((error: unknown) => {
  process.stderr.write(
    `zcp service failed to start: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`,
  );
  process.exit(1);
});
