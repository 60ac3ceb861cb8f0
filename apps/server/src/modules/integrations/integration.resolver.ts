import { ErrorCode } from '@paysplit/domain';
import { Arg, Ctx, FieldResolver, ID, Mutation, Query, Resolver, Root, UseMiddleware } from 'type-graphql';
import { dashboardTimeouts } from '../../db/dashboard-database.js';
import type { RequestContext } from '../../graphql/context.js';
import { UnknownIdAnswers } from '../../graphql/id-arguments.js';
import type { KeyMode } from '../../security/tokens.js';
import { toApiKeyView, toIntegrationView } from './integration.mapper.js';
import type { SigningSecretKind } from './signing-secrets.service.js';
import {
  ApiKeyView,
  CreatedApiKey,
  IntegrationSettingsInput,
  IntegrationView,
  PayoutOnboardingInput,
  RotatedSigningSecret,
  SigningSecretKindEnum,
} from './integration.types.js';
import { ModeEnum } from '../../graphql/enums.js';

/** Integration settings in the administration area (signed-in merchant users for their own, operators for all). */
@Resolver(() => IntegrationView)
export class IntegrationResolver {
  @UseMiddleware(dashboardTimeouts)
  @Query(() => [IntegrationView], { description: 'Integrations the signed-in user manages (operators: all).' })
  async integrations(@Ctx() context: RequestContext): Promise<IntegrationView[]> {
    const principal = await context.requireAdmin();
    return (await context.services.integrationSettings.listVisible(context.readEm(), principal)).map(toIntegrationView);
  }

  @UseMiddleware(dashboardTimeouts)
  @Query(() => IntegrationView)
  async integration(
    @Arg('id', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) id: string,
    @Ctx() context: RequestContext,
  ): Promise<IntegrationView> {
    const principal = await context.requireAdmin();
    const integration = await context.services.adminScope.requireVisibleIntegration(context.readEm(), principal, id);
    return toIntegrationView(await context.services.integrationSettings.withOwner(context.readEm(), integration));
  }

  @UseMiddleware(dashboardTimeouts)
  @FieldResolver(() => [ApiKeyView], { description: 'Every key, newest first; revoked ones carry revokedAt.' })
  async apiKeys(@Root() integration: IntegrationView, @Ctx() context: RequestContext): Promise<ApiKeyView[]> {
    return (await context.loaders.apiKeysOfIntegration.load(integration.id)).map(toApiKeyView);
  }

  @Mutation(() => IntegrationView, {
    description: 'A new integration owned by the signed-in user, with signing secrets (rotate to see them).',
  })
  async createIntegration(
    @Arg('input', () => IntegrationSettingsInput) input: IntegrationSettingsInput,
    @Ctx() context: RequestContext,
  ): Promise<IntegrationView> {
    const principal = await context.requireAdmin();
    const integration = await context.services.integrationSettings.createManagedIntegration(
      context.em,
      {
        name: input.name ?? '',
        displayName: input.displayName,
        logoUrl: input.logoUrl,
        accentColor: input.accentColor,
        partnerCreatePaymentUrl: input.partnerCreatePaymentUrl || undefined,
        partnerRefundUrl: input.partnerRefundUrl || undefined,
        partnerCancelUrl: input.partnerCancelUrl || undefined,
        partnerCaptureUrl: input.partnerCaptureUrl || undefined,
        captureMethod: input.captureMethod,
        holdLifetimeSeconds: input.holdLifetimeSeconds,
        webhookUrl: input.webhookUrl || undefined,
        redirectAllowlist: input.redirectAllowlist ?? [],
        eventSubscriptions: input.eventSubscriptions ?? [],
        enabled: input.enabled ?? true,
        reminderOffsetsMinutes: input.reminderOffsetsMinutes,
        timeZone: input.timeZone,
        ownerAccountId: principal.role === 'merchant' ? principal.accountId : undefined,
      },
      principal,
    );
    return toIntegrationView(await context.services.integrationSettings.withOwner(context.em, integration));
  }

  @Mutation(() => IntegrationView)
  async updateIntegration(
    @Arg('id', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) id: string,
    @Arg('input', () => IntegrationSettingsInput) input: IntegrationSettingsInput,
    @Ctx() context: RequestContext,
  ): Promise<IntegrationView> {
    const principal = await context.requireAdmin();
    const integration = await context.services.adminScope.requireVisibleIntegration(context.em, principal, id);
    await context.services.integrationSettings.updateSettings(context.em, integration, input, principal);
    return toIntegrationView(await context.services.integrationSettings.withOwner(context.em, integration));
  }

  @Mutation(() => CreatedApiKey, { description: 'A new key, shown once. LIVE keys need completed payout onboarding.' })
  async createApiKey(
    @Arg('integrationId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) integrationId: string,
    @Arg('mode', () => ModeEnum) mode: KeyMode,
    @Arg('name', () => String, { nullable: true }) name: string | null,
    @Ctx() context: RequestContext,
  ): Promise<CreatedApiKey> {
    const principal = await context.requireAdmin();
    const integration = await context.services.adminScope.requireVisibleIntegration(context.em, principal, integrationId);
    const { apiKey, record } = await context.services.apiKeys.createApiKey(context.em, integration.id, mode, name ?? undefined, {
      who: principal,
      requireOnboarding: true,
    });
    return Object.assign(new CreatedApiKey(), { apiKey, key: toApiKeyView(record) });
  }

  @Mutation(() => ApiKeyView, { description: 'Revokes a key at once: it answers INVALID_API_KEY from now on.' })
  async revokeApiKey(
    @Arg('integrationId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) integrationId: string,
    @Arg('keyId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) keyId: string,
    @Ctx() context: RequestContext,
  ): Promise<ApiKeyView> {
    const principal = await context.requireAdmin();
    const integration = await context.services.adminScope.requireVisibleIntegration(context.em, principal, integrationId);
    const revoked = await context.services.apiKeys.revokeApiKeyOf(context.em, integration, keyId, principal);
    return toApiKeyView(revoked);
  }

  @Mutation(() => RotatedSigningSecret, {
    description: 'A new signing secret, shown once; the previous one signs too during the grace window.',
  })
  async rotateSigningSecret(
    @Arg('integrationId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) integrationId: string,
    @Arg('kind', () => SigningSecretKindEnum) kind: SigningSecretKind,
    @Ctx() context: RequestContext,
  ): Promise<RotatedSigningSecret> {
    const principal = await context.requireAdmin();
    const integration = await context.services.adminScope.requireVisibleIntegration(context.em, principal, integrationId);
    const rotated = await context.services.signingSecrets.rotateSigningSecret(context.em, integration.id, kind, principal);
    return Object.assign(new RotatedSigningSecret(), { ...rotated, kind });
  }

  @Mutation(() => IntegrationView, { description: 'Payout details; valid details complete onboarding, which live keys and sessions need.' })
  async submitPayoutOnboarding(
    @Arg('integrationId', () => ID) @UnknownIdAnswers(ErrorCode.NotFound) integrationId: string,
    @Arg('input', () => PayoutOnboardingInput) input: PayoutOnboardingInput,
    @Ctx() context: RequestContext,
  ): Promise<IntegrationView> {
    const principal = await context.requireAdmin();
    const integration = await context.services.adminScope.requireVisibleIntegration(context.em, principal, integrationId);
    await context.services.payoutOnboarding.submitPayoutOnboarding(context.em, integration, input, principal);
    return toIntegrationView(await context.services.integrationSettings.withOwner(context.em, integration));
  }
}
