/**
 * Whether the external fleet CRM (FLEET_CRM_URL) answers, for the fleet center's status badge. The
 * badge is read on every visit of the screen, so one answer is kept for a minute per process
 * instead of calling the CRM each time; a failed probe is kept as long, so a CRM that is down is
 * not hammered.
 */

export type ProbeResult = { reachable: boolean; checkedAt: Date };

const PROBE_TIMEOUT_MS = 3_000;
export const PROBE_TTL_MS = 60_000;

/** An answer below 500 means the CRM is up (a 401 or 404 from its front page still answers). */
async function probe(url: string, now: () => Date): Promise<ProbeResult> {
  try {
    const res = await fetch(url, {
      method: 'GET',
      redirect: 'manual',
      signal: AbortSignal.timeout(PROBE_TIMEOUT_MS),
    });
    await res.body?.cancel();
    return { reachable: res.status < 500, checkedAt: now() };
  } catch {
    return { reachable: false, checkedAt: now() };
  }
}

export function fleetCrmProbe(url: string | undefined, now: () => Date = () => new Date()) {
  let last: { result: Promise<ProbeResult>; until: number } | null = null;
  return {
    /** The last answer, or a fresh probe when it is older than PROBE_TTL_MS; null without a URL. */
    check(): Promise<ProbeResult> | null {
      if (!url) return null;
      if (!last || last.until < Date.now()) {
        last = { result: probe(url, now), until: Date.now() + PROBE_TTL_MS };
      }
      return last.result;
    },
  };
}

/** The CRM's origin: enough to say where it is, without a path or query that may carry a secret. */
export function originOf(url: string): string {
  return new URL(url).origin;
}
