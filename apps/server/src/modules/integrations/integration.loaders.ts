import type { EntityManager } from '@mikro-orm/postgresql';
import DataLoader from 'dataloader';
import { groupBy } from '../../graphql/loader-helpers.js';
import type { ApiKey } from './api-key.entity.js';
import type { IntegrationRepository } from './integration.repository.js';

export interface IntegrationLoaders {
  /** Integration names by id (a page of sessions shows each session's integration by name). */
  integrationName: DataLoader<string, string | null>;
  /** Every key of an integration, newest first (the integrations list asks for each row's keys). */
  apiKeysOfIntegration: DataLoader<string, ApiKey[]>;
}

export function createIntegrationLoaders(emFor: () => EntityManager, integrations: IntegrationRepository): IntegrationLoaders {
  return {
    integrationName: new DataLoader(async (integrationIds) => {
      const names = await integrations.namesById(emFor(), integrationIds);
      return integrationIds.map((id) => names.get(id) ?? null);
    }),
    apiKeysOfIntegration: new DataLoader(async (integrationIds) =>
      groupBy(integrationIds, await integrations.listApiKeysOf(emFor(), integrationIds), (key) => key.integration.id),
    ),
  };
}
