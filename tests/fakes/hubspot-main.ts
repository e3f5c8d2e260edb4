// The local HubSpot of the Playwright journeys (tests/e2e/servers.ts starts it with tsx): the HubSpot
// API on HUBSPOT_PORT for the private-app token HUBSPOT_TOKEN, and its store on the same port under
// /__control/ (`GET /__control/contacts`, `/__control/companies`; `POST /__control/fail-next`,
// `/__control/reject-email`, `/__control/reset`).
import { startHubspotServer } from './hubspot-server';

const hubspot = await startHubspotServer({
  port: Number(process.env.HUBSPOT_PORT),
  token: process.env.HUBSPOT_TOKEN || 'pat-local-test',
});
console.log(`hubspot: ${hubspot.url} (store at ${hubspot.url}/__control/contacts)`);
