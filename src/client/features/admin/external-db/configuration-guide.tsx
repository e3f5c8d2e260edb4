import { EXTERNAL_DB_MAX_ROW_BYTES, EXTERNAL_DB_MAX_ROWS } from '@shared/contracts/external-db';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@client/components/ui/card';

const VARIABLES = [
  ['EXTERNAL_DB_URL', 'The base URL of the external API, e.g. https://crm.example.com'],
  ['EXTERNAL_DB_API_KEY', 'Its API key, sent as Authorization: Bearer <key> and as X-API-Key: <key>'],
  ['EXTERNAL_DB_TIMEOUT_MS', 'How long one call may take, the whole answer included (default 30000)'],
] as const;

const ENDPOINTS = [
  ['GET /health', 'Any 2xx answer means the service is up'],
  ['GET /api/customers', 'A JSON array of customers, or {"customers": [...]}'],
  ['GET /api/users', 'A JSON array of users, or {"users": [...]}'],
] as const;

function Pairs({ label, pairs }: { label: string; pairs: readonly (readonly [string, string])[] }) {
  return (
    <div className="space-y-2">
      <h3 className="text-sm font-semibold">{label}</h3>
      <dl className="grid gap-x-4 gap-y-2 text-sm sm:grid-cols-[max-content_1fr]">
        {pairs.map(([term, text]) => (
          <div key={term} className="contents">
            <dt>
              <code className="rounded bg-muted px-1.5 py-0.5 text-xs">{term}</code>
            </dt>
            <dd className="text-muted-foreground">{text}</dd>
          </div>
        ))}
      </dl>
    </div>
  );
}

/** The configuration guide: what to set, what the external system must answer, the rules. */
export function ConfigurationGuide() {
  return (
    <Card>
      <CardHeader>
        <CardTitle asHeading="h2">Configuration guide</CardTitle>
        <CardDescription>
          Set these on the server, or save the URL and key in System Settings → API Keys (they take
          precedence).
        </CardDescription>
      </CardHeader>
      <CardContent className="space-y-5">
        <Pairs label="Environment variables" pairs={VARIABLES} />
        <Pairs label="Endpoints the external system exposes" pairs={ENDPOINTS} />
        <div className="space-y-2 text-sm">
          <h3 className="font-semibold">How an import runs</h3>
          <ul className="list-disc space-y-1 pl-5 text-muted-foreground">
            <li>
              Each row is checked like the Add Customer and Create user forms; a bad row is listed with its
              reason.
            </li>
            <li>Rows are matched by email. An email that appears twice is imported once (its first row).</li>
            <li>Admins and root are never changed by an import: change them in Team Management.</li>
            <li>
              Nothing is written until the whole source has been read and checked; a source that fails
              part-way, times out, has more than {EXTERNAL_DB_MAX_ROWS.toLocaleString('en-US')} rows or a row
              over {EXTERNAL_DB_MAX_ROW_BYTES / 1024} KB imports nothing.
            </li>
            <li>Running an import again on an unchanged source changes nothing and sends no email.</li>
          </ul>
        </div>
      </CardContent>
    </Card>
  );
}
