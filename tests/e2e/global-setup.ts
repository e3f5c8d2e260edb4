import { spawn } from 'node:child_process';
import readline from 'node:readline';
import { stop, track, waitUntil } from '../setup/processes';
import { journeyServers, type JourneyServer } from './servers';

/**
 * Starts every journey server at once and answers Playwright's teardown, which stops them all. The
 * app servers print their output with their name in front; a server that exits or is not ready in
 * time fails the run with its last lines.
 */
export default async function startJourneyServers(): Promise<() => Promise<void>> {
  const dataDirs = { app: process.env.E2E_DATA_DIR!, fleetCrmApp: process.env.E2E_FLEET_CRM_DATA_DIR! };
  const running: Running[] = [];
  const stopAll = () => Promise.all(running.map((r) => r.stop())).then(() => undefined);
  try {
    await Promise.all(
      journeyServers(dataDirs).map(async (server) => {
        const r = start(server);
        running.push(r);
        await r.ready;
      }),
    );
  } catch (error) {
    await stopAll();
    throw error;
  }
  return stopAll;
}

type Running = { ready: Promise<void>; stop(): Promise<void> };

function start(server: JourneyServer): Running {
  const child = spawn(process.execPath, server.args, {
    env: { ...process.env, ...server.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const exited = track(child);
  const tail: string[] = [];
  const print = (line: string) => {
    tail.push(line);
    if (tail.length > 40) tail.shift();
    console.log(`[${server.name}] ${line}`);
  };
  readline.createInterface({ input: child.stdout! }).on('line', print);
  readline.createInterface({ input: child.stderr! }).on('line', print);
  const fail = (why: string) =>
    new Error(`journey server ${server.name} ${why}; its last output:\n${tail.join('\n')}`);
  const ready = waitUntil(
    `${server.name} at ${server.readyUrl}`,
    async () => {
      if (child.exitCode !== null || child.signalCode !== null) throw fail('exited before it was ready');
      const res = await fetch(server.readyUrl).catch(() => null);
      await res?.body?.cancel();
      return !!res?.ok;
    },
    server.timeoutMs,
  ).catch((error: unknown) => {
    throw error instanceof Error && error.message.startsWith('journey server') ? error : fail(String(error));
  });
  // The app servers close their database on SIGTERM; give them the time they take.
  return { ready, stop: () => stop(child, exited, 15_000) };
}
