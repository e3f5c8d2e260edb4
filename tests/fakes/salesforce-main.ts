// The local Salesforce org of the Playwright journeys (tests/e2e/servers.ts could start it with tsx): the
// REST API and OAuth token endpoint on SALESFORCE_PORT, accepting the access token SALESFORCE_TOKEN
// (printed when not set) and its store under /__control/ (`GET /__control/accounts`, `/__control/contacts`).
import { startSalesforceServer } from './salesforce-server';

const sf = await startSalesforceServer({
  port: Number(process.env.SALESFORCE_PORT),
  accessToken: process.env.SALESFORCE_TOKEN || undefined,
});
console.log(`salesforce: ${sf.url} (access token ${sf.accessToken}, client id ${sf.clientId})`);
