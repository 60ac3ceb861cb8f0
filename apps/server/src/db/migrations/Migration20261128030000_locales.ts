import { Migration } from '@mikro-orm/migrations';

/**
 * The languages people read PaySplit in: the merchant's choice for a session (`session.locale`,
 * a BCP 47 tag or null for the reader's browser) and the language each participant last read
 * their pay page in (`participant.locale`), which their emails use. Additive only: a previous
 * version keeps running beside it.
 */
export class Migration20261128030000_locales extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "session" add column "locale" text null;`);
    this.addSql(`alter table "participant" add column "locale" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "participant" drop column "locale";`);
    this.addSql(`alter table "session" drop column "locale";`);
  }
}
