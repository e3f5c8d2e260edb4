// The local external database of the Playwright journeys (tests/e2e/servers.ts starts it with tsx) on
// EXTERNAL_DB_PORT, with the API key EXTERNAL_DB_KEY. Journeys set its rows and mode with POST /_control.
import { startExternalDb } from './external-db-server';

const fake = await startExternalDb({
  port: Number(process.env.EXTERNAL_DB_PORT),
  apiKey: process.env.EXTERNAL_DB_KEY ?? 'e2e-external-db-key',
});
console.log(`external database: ${fake.url}`);
