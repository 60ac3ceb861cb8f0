import { Migration } from '@mikro-orm/migrations';

/**
 * An open group's end (docs/plans/open-groups.md §5): it tipped ("It’s on", group-tipped) or did
 * not reach its minimum by its deadline (group-not-reached), to each payer and the organiser. The
 * kind check widens; going down deletes those messages first, as earlier kind changes do. A refund's
 * `purpose` may now be `price_drop` (a text column: nothing to change).
 */
const KINDS = `'invitation', 'reminder', 'receipt', 'completion', 'share-covered', 'refund', 'cancellation', 'expiry', 'host-welcome', 'host-sign-in', 'capture-declined', 'capture-declined-host'`;

export class Migration20261130070000_open_group_end extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "email_message" drop constraint "email_message_kind_check";`);
    this.addSql(
      `alter table "email_message" add constraint "email_message_kind_check" check ("kind" in (${KINDS}, 'group-tipped', 'group-not-reached'));`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`delete from "email_message" where "kind" in ('group-tipped', 'group-not-reached');`);
    this.addSql(`alter table "email_message" drop constraint "email_message_kind_check";`);
    this.addSql(`alter table "email_message" add constraint "email_message_kind_check" check ("kind" in (${KINDS}));`);
  }
}
