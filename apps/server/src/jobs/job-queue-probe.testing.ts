import { appendFileSync } from 'node:fs';
import { buildApp } from '../app.ts';
import { CONSOLE_ACTOR, createConsoleContext } from '../context.ts';
import { seedEnvironments } from '../features/environment/environment.service.ts';
import { parseEnvSettings, settingsFromEnv } from '../settings.ts';

// The console as its own process with one more job, for the tests that kill it (test/job-queue-restart.test.ts):
// started like server.ts starts it, over DATABASE_URL (a migrated clone), with the queue `test.probe` whose
// handler appends each run's job id to the file JOB_PROBE_FILE. Run under tsx (NODE_OPTIONS); not imported.

const env = parseEnvSettings(process.env);
const probeFile = process.env.JOB_PROBE_FILE;
if (!env.DATABASE_URL || !probeFile) throw new Error('DATABASE_URL and JOB_PROBE_FILE must be set');
const app = await buildApp({ settings: settingsFromEnv(env, env.DATABASE_URL) });
await app.jobs.define('test.probe', async (job) => {
  appendFileSync(probeFile, `${job.id}\n`);
});
await seedEnvironments(createConsoleContext(app.unitOfWork, CONSOLE_ACTOR), app.environmentSetup);
await app.listen({ port: env.PORT, host: '127.0.0.1' });
