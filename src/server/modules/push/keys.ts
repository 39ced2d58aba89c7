import webpush from 'web-push';
import type { Kysely } from 'kysely';
import type { Config } from '../../config';
import type { DB } from '../../db/schema';
import type { VapidKeys } from '../../providers/push/push';

/** The contact a sandbox's own key pair names (push services want a mailto: or https: subject). */
const SANDBOX_SUBJECT = 'mailto:push@sandbox.invalid';

/**
 * The VAPID key pair pushes are signed with: the configuration's (VAPID_*); in live mode without
 * them, none (push is off); in sandbox mode without them, a pair made once and kept in the
 * database (`push_vapid`, one row), so every node of a sandbox signs with the same key and a
 * browser's subscription stays valid whichever node sends. Two nodes starting at once both try to
 * insert; the second insert does nothing and both read the one row. The private key is never
 * logged nor answered.
 */
export class PushKeys {
  private loaded?: Promise<VapidKeys | null>;

  constructor(private readonly db: Kysely<DB>, private readonly config: Pick<Config, 'sandbox' | 'VAPID_PUBLIC_KEY' | 'VAPID_PRIVATE_KEY' | 'VAPID_SUBJECT'>) {}

  /** The key pair, or null when this server sends no push. */
  keys(): Promise<VapidKeys | null> {
    this.loaded ??= this.load().catch((error: unknown) => {
      this.loaded = undefined; // a database hiccup at start is not remembered
      throw error;
    });
    return this.loaded;
  }

  private async load(): Promise<VapidKeys | null> {
    const { VAPID_PUBLIC_KEY: publicKey, VAPID_PRIVATE_KEY: privateKey, VAPID_SUBJECT: subject } = this.config;
    if (publicKey && privateKey && subject) return { publicKey, privateKey, subject };
    if (!this.config.sandbox) return null;
    const made = webpush.generateVAPIDKeys();
    await this.db.insertInto('push_vapid')
      .values({ public_key: made.publicKey, private_key: made.privateKey, subject: SANDBOX_SUBJECT })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.db.selectFrom('push_vapid').select(['public_key', 'private_key', 'subject']).executeTakeFirstOrThrow();
    return { publicKey: row.public_key, privateKey: row.private_key, subject: row.subject };
  }
}
