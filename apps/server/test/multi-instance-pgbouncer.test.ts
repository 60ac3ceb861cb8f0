import { describeTwoInstances } from './support/multi-instance-cases.js';

// DATABASE_URL at PgBouncer in transaction mode, DATABASE_DIRECT_URL at PostgreSQL (docs/operations.md).
describeTwoInstances('pgbouncer');
