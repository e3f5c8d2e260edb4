import type { PGlite } from '@electric-sql/pglite';

/**
 * How long each statement holds the embedded database. PGlite runs one statement at a time behind its
 * own lock, so a statement timed from the caller's side includes its wait behind the others; timed
 * here, inside the engine's protocol calls, it is the statement's own time, the time every other
 * request waited for it. A statement's extended-protocol messages (parse, describe, bind, execute)
 * and a simple query both end with a Sync, all under the lock: the span from its first message to the
 * end of that Sync is the statement.
 */
export type EngineStatement = { sql: string; ms: number };
export type EngineStatementListener = (statement: EngineStatement) => void;

const PARSE = 0x50; // 'P': name, then the statement's text
const QUERY = 0x51; // 'Q': a simple query's text
const SYNC = 0x53; // 'S': the end of the statement's messages

const decoder = new TextDecoder();

/** The text of a Parse or Query message (`null` for any other message). */
export function statementTextOf(message: Uint8Array): string | null {
  const type = message[0];
  if (type !== PARSE && type !== QUERY) return null;
  // The type byte, then a 4-byte length.
  let start = 5;
  if (type === PARSE) start = message.indexOf(0, start) + 1; // after the (unnamed) statement's name
  const end = message.indexOf(0, start);
  return decoder.decode(message.subarray(start, end < 0 ? message.length : end));
}

/**
 * Calls `listener` with each statement the engine runs and its time, from now on; answers the function
 * that stops. One listener at a time: a second replaces the first.
 */
export function watchEngineStatements(client: PGlite, listener: EngineStatementListener): () => void {
  // Every protocol call of the engine, the queries' and the transactions' alike, ends in this one.
  const own = client.execProtocolRaw.bind(client);
  let current: { sql: string; started: number } | null = null;
  client.execProtocolRaw = async (message, options) => {
    const text = statementTextOf(message);
    if (text !== null) current = { sql: text, started: performance.now() };
    try {
      return await own(message, options);
    } finally {
      if (message[0] === SYNC && current) {
        listener({ sql: current.sql, ms: performance.now() - current.started });
        current = null;
      }
    }
  };
  return () => {
    client.execProtocolRaw = own;
  };
}
