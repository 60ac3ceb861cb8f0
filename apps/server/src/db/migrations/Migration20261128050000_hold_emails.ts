import { Migration } from '@mikro-orm/migrations';

/**
 * Manual capture's emails: a declined capture asks its payer to pay again (capture-declined) and
 * tells the host whose card it was (capture-declined-host). The kind check widens; going down
 * deletes those messages first, as earlier kind changes do.
 */
const KINDS = `'invitation', 'reminder', 'receipt', 'completion', 'share-covered', 'refund', 'cancellation', 'expiry', 'host-welcome', 'host-sign-in'`;

export class Migration20261128050000_hold_emails extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "email_message" drop constraint "email_message_kind_check";`);
    this.addSql(
      `alter table "email_message" add constraint "email_message_kind_check" check ("kind" in (${KINDS}, 'capture-declined', 'capture-declined-host'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "email_message" where "kind" in ('capture-declined', 'capture-declined-host');`);
    this.addSql(`alter table "email_message" drop constraint "email_message_kind_check";`);
    this.addSql(`alter table "email_message" add constraint "email_message_kind_check" check ("kind" in (${KINDS}));`);
  }
}
