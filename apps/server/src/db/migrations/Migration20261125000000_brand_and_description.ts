import { Migration } from '@mikro-orm/migrations';

/**
 * Issue 17: payers are told who they pay and for what. An integration gets the brand the pay
 * pages show (display name, https logo, accent colour) and a session what is bought. All
 * optional: existing integrations show their name, existing sessions no description.
 */
export class Migration20261125000000_brand_and_description extends Migration {
  override async up(): Promise<void> {
    this.addSql(
      `alter table "integration" add column "display_name" text null, add column "logo_url" text null, add column "accent_color" text null;`,
    );
    this.addSql(`alter table "session" add column "description" text null;`);
  }

  override async down(): Promise<void> {
    this.addSql(`alter table "session" drop column "description";`);
    this.addSql(`alter table "integration" drop column "display_name", drop column "logo_url", drop column "accent_color";`);
  }
}
