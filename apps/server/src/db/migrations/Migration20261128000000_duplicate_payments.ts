import { Migration } from '@mikro-orm/migrations';

/**
 * Duplicate payments shown as duplicates (docs/plans/hold-then-charge.md §4): a payment authorized
 * for shares another payment had already paid points at that payment (`payment.duplicate_of`), a
 * refund says whether it gives back booking money or a duplicate (`refund.purpose`), and the
 * session keeps the part of `refunded_minor` that went back for duplicates, so the merchant's
 * reads and the pay pages can leave it out of what the booking had refunded. `refunded_minor`
 * keeps its meaning (every succeeded refund). Additive only: a previous version keeps running
 * beside it, and rows it writes take the defaults (a booking refund, no duplicate).
 */
export class Migration20261128000000_duplicate_payments extends Migration {
  override async up(): Promise<void> {
    this.addSql(`alter table "payment" add column "duplicate_of" uuid null;`);
    this.addSql(
      `alter table "payment" add constraint "payment_duplicate_of_foreign" foreign key ("duplicate_of") references "payment" ("id") on update cascade on delete set null;`,
    );
    this.addSql(`alter table "refund" add column "purpose" text not null default 'booking';`);
    this.addSql(`alter table "session" add column "duplicate_refunded_minor" bigint not null default 0;`);
    this.addSql(
      `alter table "session" add constraint "session_duplicate_refunded_check" check (duplicate_refunded_minor >= 0 and duplicate_refunded_minor <= refunded_minor);`,
    );
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "session" drop constraint "session_duplicate_refunded_check", drop column "duplicate_refunded_minor";`);
    this.addSql(`alter table "refund" drop column "purpose";`);
    this.addSql(`alter table "payment" drop constraint "payment_duplicate_of_foreign", drop column "duplicate_of";`);
  }
}
