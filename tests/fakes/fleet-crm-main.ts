// The local fleet CRM of the Playwright journeys (tests/e2e/servers.ts starts it with tsx) on
// FLEET_CRM_PORT; FLEET_CRM_PORTAL_URL is the app server it hands customers back to.
import { startFakeFleetCrm } from './fleet-crm-server';

const crm = await startFakeFleetCrm({
  port: Number(process.env.FLEET_CRM_PORT),
  portalUrl: process.env.FLEET_CRM_PORTAL_URL,
});
console.log(`fleet CRM: sign-in ${crm.loginUrl}, validation ${crm.validateUrl}`);
