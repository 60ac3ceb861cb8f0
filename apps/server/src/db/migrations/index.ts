import type { MigrationObject } from '@mikro-orm/core';
import { Migration20261123000000_initial } from './Migration20261123000000_initial.js';
import { Migration20261123010000_payments_and_outbox } from './Migration20261123010000_payments_and_outbox.js';
import { Migration20261123020000_lifecycle } from './Migration20261123020000_lifecycle.js';
import { Migration20261123030000_admin } from './Migration20261123030000_admin.js';
import { Migration20261123040000_change_feed } from './Migration20261123040000_change_feed.js';
import { Migration20261124000000_delivery_mode } from './Migration20261124000000_delivery_mode.js';
import { Migration20261125000000_brand_and_description } from './Migration20261125000000_brand_and_description.js';
import { Migration20261125010000_emails } from './Migration20261125010000_emails.js';
import { Migration20261125020000_refunds } from './Migration20261125020000_refunds.js';
import { Migration20261125120000_explorer_keyset_indexes } from './Migration20261125120000_explorer_keyset_indexes.js';
import { Migration20261126000000_explorer_status_index } from './Migration20261126000000_explorer_status_index.js';
import { Migration20261126010000_job_runner } from './Migration20261126010000_job_runner.js';
import { Migration20261127000000_money_emails_and_host_return } from './Migration20261127000000_money_emails_and_host_return.js';
import { Migration20261127010000_payment_calls } from './Migration20261127010000_payment_calls.js';
import { Migration20261128000000_duplicate_payments } from './Migration20261128000000_duplicate_payments.js';
import { Migration20261128010000_manual_capture } from './Migration20261128010000_manual_capture.js';
import { Migration20261128030000_locales } from './Migration20261128030000_locales.js';
import { Migration20261128050000_hold_emails } from './Migration20261128050000_hold_emails.js';
import { Migration20261129000000_hold_lapse } from './Migration20261129000000_hold_lapse.js';
import { Migration20261130040000_export_indexes } from './Migration20261130040000_export_indexes.js';

/** Committed migrations, oldest first. A new migration is a new file listed here. */
export const MIGRATIONS: MigrationObject[] = [
  { name: 'Migration20261123000000_initial', class: Migration20261123000000_initial },
  { name: 'Migration20261123010000_payments_and_outbox', class: Migration20261123010000_payments_and_outbox },
  { name: 'Migration20261123020000_lifecycle', class: Migration20261123020000_lifecycle },
  { name: 'Migration20261123030000_admin', class: Migration20261123030000_admin },
  { name: 'Migration20261123040000_change_feed', class: Migration20261123040000_change_feed },
  { name: 'Migration20261124000000_delivery_mode', class: Migration20261124000000_delivery_mode },
  { name: 'Migration20261125000000_brand_and_description', class: Migration20261125000000_brand_and_description },
  { name: 'Migration20261125010000_emails', class: Migration20261125010000_emails },
  { name: 'Migration20261125020000_refunds', class: Migration20261125020000_refunds },
  { name: 'Migration20261125120000_explorer_keyset_indexes', class: Migration20261125120000_explorer_keyset_indexes },
  { name: 'Migration20261126000000_explorer_status_index', class: Migration20261126000000_explorer_status_index },
  { name: 'Migration20261126010000_job_runner', class: Migration20261126010000_job_runner },
  { name: 'Migration20261127000000_money_emails_and_host_return', class: Migration20261127000000_money_emails_and_host_return },
  { name: 'Migration20261127010000_payment_calls', class: Migration20261127010000_payment_calls },
  { name: 'Migration20261128000000_duplicate_payments', class: Migration20261128000000_duplicate_payments },
  { name: 'Migration20261128010000_manual_capture', class: Migration20261128010000_manual_capture },
  { name: 'Migration20261128030000_locales', class: Migration20261128030000_locales },
  { name: 'Migration20261128050000_hold_emails', class: Migration20261128050000_hold_emails },
  { name: 'Migration20261129000000_hold_lapse', class: Migration20261129000000_hold_lapse },
  { name: 'Migration20261130040000_export_indexes', class: Migration20261130040000_export_indexes },
];
