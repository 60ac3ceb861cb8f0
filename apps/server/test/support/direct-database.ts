import { openOrm } from '../../src/db/orm.js';
import { createIntegrationServices } from '../../src/modules/integrations/integration-services.js';
import type { CreateIntegrationInput } from '../../src/modules/integrations/integration-settings.service.js';
import { SecretBox } from '../../src/security/secret-box.js';
import type { MerchantStub } from './merchant-stub.js';

/** For tests of server processes: SQL against their database from the test's side, one connection a call. */
export async function queryDatabase<T>(databaseUrl: string, query: string, params: unknown[] = []): Promise<T[]> {
  const orm = await openOrm({ databaseUrl });
  try {
    return await orm.em.getConnection().execute<T[]>(query, params as never[]);
  } finally {
    await orm.close(true);
  }
}

/**
 * Provisions an integration directly in a server process's database, with the process's SECRETS_KEY,
 * whose partner and webhook URLs are the merchant stub's (which then trusts its secrets).
 */
export async function provisionDirectly(
  databaseUrl: string,
  secretsKey: string,
  merchant: MerchantStub,
  input: Partial<CreateIntegrationInput> & { name: string },
): Promise<{ integrationId: string; apiKey: string }> {
  const orm = await openOrm({ databaseUrl });
  try {
    const created = await createIntegrationServices({
      secretBox: new SecretBox(Buffer.from(secretsKey, 'hex')),
    }).integrationSettings.createIntegration(orm.em.fork(), {
      partnerCreatePaymentUrl: merchant.partnerUrl,
      webhookUrl: merchant.webhookUrl,
      ...input,
    });
    merchant.partnerSecret = created.partnerCreatePaymentSigningSecret;
    merchant.webhookSecret = created.webhookSigningSecret;
    return { integrationId: created.integration.id, apiKey: created.apiKey };
  } finally {
    await orm.close(true);
  }
}

/** A server process in production mode on a test database, whose merchants listen on loopback, without rate limits. */
export function productionProcessEnvironment(databaseUrl: string, secretsKey: string): Record<string, string> {
  return {
    DATABASE_URL: databaseUrl,
    SECRETS_KEY: secretsKey,
    NODE_ENV: 'production',
    // Merchant stubs listen on loopback; production refuses that for test mode unless allowed.
    PRIVATE_TEST_URLS: 'allow',
    RATE_LIMITS: 'off',
  };
}
