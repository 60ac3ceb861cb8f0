import { ACCOUNT_ENTITIES } from '../modules/accounts/entities.js';
import { AUDIT_ENTITIES } from '../modules/audit/entities.js';
import { EMAIL_ENTITIES } from '../modules/emails/entities.js';
import { INTEGRATION_ENTITIES } from '../modules/integrations/entities.js';
import { REQUEST_LOG_ENTITIES } from '../modules/requests/entities.js';
import { SESSION_ENTITIES } from '../modules/sessions/entities.js';
import { WEBHOOK_ENTITIES } from '../modules/webhooks/entities.js';
import { JobInstance, JobSchedule } from '../jobs/job.entity.js';
import { ListenConnection, ListenRelayedCall } from '../listen/listen.entity.js';

/**
 * Every persisted entity, listed explicitly (no folder scanning, so builds and tests agree): each
 * module's tables, through the module's second door (entities.ts, which loads its entity classes
 * and nothing else), then the job runner's and the listen connections'.
 */
export const ENTITIES = [
  ...INTEGRATION_ENTITIES,
  ...SESSION_ENTITIES,
  ...WEBHOOK_ENTITIES,
  ...ACCOUNT_ENTITIES,
  ...AUDIT_ENTITIES,
  ...EMAIL_ENTITIES,
  ...REQUEST_LOG_ENTITIES,
  JobInstance,
  JobSchedule,
  ListenConnection,
  ListenRelayedCall,
];
