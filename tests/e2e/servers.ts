/**
 * The processes the journeys talk to: the built app (twice: the main server, and one with an external
 * fleet CRM) and the local fakes of the systems outside our reach. `global-setup.ts` starts them all at
 * once; Playwright's own `webServer` list started them one after another, and the two app servers'
 * first start (a new embedded database, the migrations, a year of demo history) took about 15 s each.
 */

export type JourneyServer = {
  /** The prefix of its output lines. */
  name: string;
  /** Node's arguments: a built file, or a TypeScript fake through tsx. */
  args: string[];
  env: Record<string, string>;
  /** Answers 2xx once the server is ready. */
  readyUrl: string;
  timeoutMs: number;
};

/** The ports, from E2E_PORT (default 5055): the journeys' helpers read the same offsets. */
export function journeyPorts(port = Number(process.env.E2E_PORT ?? 5055)) {
  return {
    app: port,
    /** The payments-alert journey's own server (system-health.spec.ts). */
    alertApp: port + 2,
    mailHttp: port + 10,
    mailSmtp: port + 11,
    hubspot: port + 12,
    externalDb: port + 14,
    fleetCrm: port + 15,
    fleetCrmApp: port + 16,
  };
}

/** A local fake of an outside system: a TypeScript file of tests/fakes run through tsx. */
const fake = (name: string, file: string, env: Record<string, string>, readyUrl: string): JourneyServer => ({
  name,
  args: ['--import', 'tsx', `tests/fakes/${file}`],
  env,
  readyUrl,
  timeoutMs: 30_000,
});

/** The settings both app servers share: production, quiet logs, the local mail server. */
function appEnv(port: number, publicUrl: string, dataDir: string, smtpPort: number): Record<string, string> {
  return {
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: dataDir,
    NODE_ENV: 'production',
    LOGIN_RATE_LIMIT_PER_IP: '100000',
    // The product's own per-account rule (only failures count): a journey proves the browser check.
    LOGIN_RATE_LIMIT_PER_ACCOUNT: '10',
    CHECKOUT_RATE_LIMIT_PER_IP: '100000',
    LOG_LEVEL: 'warn',
    PUBLIC_URL: publicUrl,
    SMTP_URL: `smtp://127.0.0.1:${smtpPort}`,
    EMAIL_DELIVERY_SECONDS: '1',
  };
}

export function journeyServers(dataDirs: { app: string; fleetCrmApp: string }): JourneyServer[] {
  const ports = journeyPorts();
  const local = (port: number) => `http://127.0.0.1:${port}`;
  return [
    // Every journey's email: SMTP in, the messages over HTTP (support/mail.ts).
    fake(
      'mail',
      'mail-catcher-main.ts',
      { MAIL_SMTP_PORT: String(ports.mailSmtp), MAIL_HTTP_PORT: String(ports.mailHttp) },
      `${local(ports.mailHttp)}/health`,
    ),
    // The external database the journeys point the API settings at.
    fake(
      'external-db',
      'external-db-main.ts',
      { EXTERNAL_DB_PORT: String(ports.externalDb), EXTERNAL_DB_KEY: 'e2e-external-db-key' },
      `${local(ports.externalDb)}/_control`,
    ),
    // The HubSpot the CRM journey syncs to.
    fake(
      'hubspot',
      'hubspot-main.ts',
      { HUBSPOT_PORT: String(ports.hubspot) },
      `${local(ports.hubspot)}/__control/contacts`,
    ),
    fake(
      'fleet-crm',
      'fleet-crm-main.ts',
      { FLEET_CRM_PORT: String(ports.fleetCrm), FLEET_CRM_PORTAL_URL: local(ports.fleetCrmApp) },
      `${local(ports.fleetCrm)}/health`,
    ),
    {
      name: 'app',
      args: ['dist/server/main.js'],
      env: {
        ...appEnv(ports.app, local(ports.app), dataDirs.app, ports.mailSmtp),
        HUBSPOT_API_URL: local(ports.hubspot),
      },
      readyUrl: `${local(ports.app)}/api/health`,
      timeoutMs: 90_000,
    },
    {
      // The main server's settings plus an external fleet CRM (fleet-crm-login.spec.ts); the main server
      // stays without one.
      name: 'fleet-crm-app',
      args: ['dist/server/main.js'],
      env: {
        ...appEnv(ports.fleetCrmApp, local(ports.fleetCrmApp), dataDirs.fleetCrmApp, ports.mailSmtp),
        FLEET_CRM_URL: `${local(ports.fleetCrm)}/login`,
        FLEET_CRM_VALIDATE_URL: `${local(ports.fleetCrm)}/api/auth/validate-token`,
        FLEET_CRM_TIMEOUT_MS: '2000',
      },
      readyUrl: `${local(ports.fleetCrmApp)}/api/health`,
      timeoutMs: 90_000,
    },
  ];
}
