import { createCipheriv, createDecipheriv, hkdfSync, randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import type { Db } from '../db/client';
import { appMeta } from '../db/schema';

/**
 * Secrets the product must be able to read back (a temporary password staff show to a customer),
 * kept encrypted at rest with AES-256-GCM. Each value is bound to what it belongs to (`context`,
 * e.g. the customer id): a sealed value copied onto another row does not open there.
 *
 * The key: derived from APP_SECRET when it is set; otherwise 32 random bytes made once and kept in
 * `app_meta`, so every instance on one database shares it (docs/staff-customers.md says what that
 * protects and what it does not).
 */
export type SecretBox = {
  seal(plain: string, context: string): Promise<string>;
  /** The plain text, or null when the value was sealed under another key or context, or is damaged. */
  open(sealed: string, context: string): Promise<string | null>;
  /** A key for one purpose (signing impersonation links), derived from the same secret. */
  signingKey(purpose: string): Promise<Buffer>;
};

const VERSION = 'v1';
const KEY_META = 'secret_box_key';

function derivedKey(appSecret: string): Buffer {
  return Buffer.from(hkdfSync('sha256', appSecret, 'motorpool', 'secret-box v1', 32));
}

/** The database's own key, made by whichever instance asks first (the others read that one). */
async function storedKey(db: Db): Promise<Buffer> {
  await db
    .insert(appMeta)
    .values({ key: KEY_META, value: randomBytes(32).toString('base64') })
    .onConflictDoNothing();
  const [row] = await db.select({ value: appMeta.value }).from(appMeta).where(eq(appMeta.key, KEY_META));
  const key = Buffer.from(row!.value, 'base64');
  if (key.length !== 32) throw new Error('app_meta.secret_box_key is not a 32-byte key');
  return key;
}

/** Sealing and opening with one AES-256-GCM key; the key is asked for on each use (it may be made lazily). */
export type SealingBox = Pick<SecretBox, 'seal' | 'open'>;

/**
 * The one AES-256-GCM sealing of the product: `v1.iv.tag.body`, each value bound to its `context`
 * (additional data). `keyOf` answers the 32-byte key; a rejected key fails the seal or open with it.
 */
export function keyedBox(keyOf: () => Promise<Buffer>): SealingBox {
  return {
    async seal(plain, context) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', await keyOf(), iv);
      cipher.setAAD(Buffer.from(context));
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((b) => b.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    async open(sealed, context) {
      const [version, iv, tag, body] = sealed.split('.');
      if (version !== VERSION || !iv || !tag || body === undefined) return null;
      const secretKey = await keyOf();
      try {
        const decipher = createDecipheriv('aes-256-gcm', secretKey, Buffer.from(iv, 'base64url'));
        decipher.setAAD(Buffer.from(context));
        decipher.setAuthTag(Buffer.from(tag, 'base64url'));
        return Buffer.concat([decipher.update(Buffer.from(body, 'base64url')), decipher.final()]).toString(
          'utf8',
        );
      } catch {
        return null;
      }
    },
  };
}

/**
 * `db` is the database itself, never a transaction: the first use may read or write the stored
 * key, so on PGlite (one connection) seal before a transaction opens, as passwords are hashed.
 */
export function secretBox(db: Db, appSecret: string | undefined): SecretBox {
  let key: Promise<Buffer> | null = null;
  const keyOf = () => {
    if (!key) {
      key = appSecret ? Promise.resolve(derivedKey(appSecret)) : storedKey(db);
      key.catch(() => (key = null)); // a failed read is tried again next time
    }
    return key;
  };
  return {
    ...keyedBox(keyOf),
    async signingKey(purpose) {
      return Buffer.from(hkdfSync('sha256', await keyOf(), 'motorpool', `signing ${purpose}`, 32));
    },
  };
}
