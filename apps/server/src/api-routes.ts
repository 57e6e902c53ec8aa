import type { DatabaseHandle, SecretBox } from '@fixpoint/db';
import type { Brand, PasswordPolicy } from '@fixpoint/shared';
import type { FastifyBaseLogger, FastifyInstance, FastifyPluginAsync } from 'fastify';
import packageJson from '../package.json' with { type: 'json' };
import type { Env } from './config/env';
import type { ClusterChanges } from './lib/cluster-changes';
import type { JobLock } from './lib/job-lock';
import { createMailLinks } from './lib/mail-links';
import { createChangeSignal } from './lib/shared-answer';
import { accountsRoutes, adminAccountsRoutes } from './modules/accounts/accounts.routes';
import type { AccountsService, CasterAddress } from './modules/accounts/accounts.service';
import { activationRoutes } from './modules/activation/activation.routes';
import type { ActivationService } from './modules/activation/activation.service';
import { adminFeedRoutes } from './modules/admin-feed/admin-feed.routes';
import { createAdminFeedService } from './modules/admin-feed/admin-feed.service';
import { adminNetworksRoutes } from './modules/admin-networks/admin-networks.routes';
import { createAdminNetworksService } from './modules/admin-networks/admin-networks.service';
import { apiKeysRoutes } from './modules/api-keys/api-keys.routes';
import { createApiKeysService } from './modules/api-keys/api-keys.service';
import { adminAuditRoutes } from './modules/audit/audit.routes';
import { createAuditService } from './modules/audit/audit.service';
import type { Auth } from './modules/auth/auth';
import { authRoutes } from './modules/auth/auth.routes';
import type { LoginGuard } from './modules/auth/login-guard';
import type { RateLimiter } from './modules/auth/rate-limit';
import { billingRoutes } from './modules/billing/billing.routes';
import { createBillingService } from './modules/billing/billing.service';
import { billingSettingsRoutes } from './modules/billing/billing-settings.routes';
import { adminCreditsRoutes, creditsRoutes } from './modules/credits/credits.routes';
import type { CreditsService } from './modules/credits/credits.service';
import { adminFleetRoutes, fleetRoutes } from './modules/fleet/fleet.routes';
import { createFleetService } from './modules/fleet/fleet.service';
import { healthRoutes } from './modules/health/health.routes';
import { helpRoutes } from './modules/help/help.routes';
import type { HelpService } from './modules/help/help.service';
import type { Mailer } from './modules/mail/mailer';
import { adminMapRoutes, mapsRoutes } from './modules/maps/maps.routes';
import { metaRoutes } from './modules/meta/meta.routes';
import type { MetaService } from './modules/meta/meta.service';
import { networksRoutes } from './modules/networks/networks.routes';
import { notificationsRoutes } from './modules/notifications/notifications.routes';
import type { NotificationsService } from './modules/notifications/notifications.service';
import { adminOrganizationsRoutes } from './modules/organizations/admin-organizations.routes';
import { createInvites } from './modules/organizations/invites';
import { createLending } from './modules/organizations/lending';
import { organizationRoutes, organizationUserRoutes } from './modules/organizations/organizations.routes';
import { createOrganizationsService } from './modules/organizations/organizations.service';
import { checkoutRoutes, paymentRoutes } from './modules/payments/checkout.routes';
import { createCheckoutService } from './modules/payments/checkout.service';
import { stripeWebhookRoutes } from './modules/payments/webhook.routes';
import { createProductsRepository } from './modules/products/products.repository';
import { productsRoutes } from './modules/products/products.routes';
import { createProductsService } from './modules/products/products.service';
import { provisioningRoutes } from './modules/provisioning/provisioning.routes';
import { createProvisioningService } from './modules/provisioning/provisioning.service';
import type { AdminArchiveService } from './modules/rinex/admin-archive';
import { adminArchiveRoutes } from './modules/rinex/admin-archive.routes';
import { rinexRoutes } from './modules/rinex/rinex.routes';
import type { RinexService } from './modules/rinex/rinex.service';
import type { Sales } from './modules/sales/sales';
import { adminSalesRoutes, salesRoutes } from './modules/sales/sales.routes';
import { settingsRoutes } from './modules/settings/settings.routes';
import { statusRoutes } from './modules/status/status.routes';
import { adminSubscriptionsRoutes } from './modules/subscriptions/admin-subscriptions.routes';
import { orgSubscriptionRoutes, subscriptionsRoutes } from './modules/subscriptions/subscriptions.routes';
import { createSubscriptionsService } from './modules/subscriptions/subscriptions.service';
import { createAdminUsersRepository } from './modules/user/admin-users.repository';
import { adminUsersRoutes } from './modules/user/admin-users.routes';
import { createAdminUsersService } from './modules/user/admin-users.service';
import { userRoutes } from './modules/user/user.routes';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import type { WebhooksService } from './modules/webhooks/webhooks.service';
import type { Payments } from './payment-wiring';
import { orgScoped } from './plugins/owner-scope';

/** What the API's routes are built from: configuration, the shared services and the payment side. */
export interface ApiContext {
  env: Env;
  database: DatabaseHandle;
  log: FastifyBaseLogger;
  mailer: Mailer;
  secretBox: SecretBox;
  brand: Brand;
  auth: Auth;
  rateLimiter: RateLimiter;
  loginGuard: LoginGuard;
  passwordPolicy: PasswordPolicy;
  hasGoogle: boolean;
  metaService: MetaService;
  /** The help centre's connection guides (docs/decisions/0074). */
  helpService: HelpService;
  creditsService: CreditsService;
  activationService: ActivationService;
  accountsService: AccountsService;
  payments: Payments;
  casterAddress: (requestHost: string) => CasterAddress;
  rinexService: RinexService;
  adminArchiveService: AdminArchiveService;
  sales: Sales;
  webhooksService: WebhooksService;
  notificationsService: NotificationsService;
  onAccountsChanged?: (accountIds: string[]) => void;
  /** Runs a clock's round in one process at a time (docs/decisions/0084). */
  exclusive: JobLock;
  /** With NATS_URL: shared answers forgotten in every API process when one of them takes an admin's write. */
  clusterChanges?: ClusterChanges | undefined;
}

/**
 * Every route under /api, the composition of the feature modules (buildApp builds what they share). An
 * organisation's credits, accounts, checkout, subscriptions and map are the same route plugins again under
 * /org/:orgId (plugins/owner-scope.ts, docs/decisions/0041).
 */
export async function registerApiRoutes(api: FastifyInstance, ctx: ApiContext) {
  const {
    env,
    database,
    log,
    mailer,
    secretBox,
    brand,
    auth,
    rateLimiter,
    loginGuard,
    passwordPolicy,
    hasGoogle,
    metaService,
    helpService,
    creditsService,
    activationService,
    accountsService,
    payments,
    casterAddress,
    onAccountsChanged,
    rinexService,
    adminArchiveService,
    sales,
    webhooksService,
    notificationsService,
    exclusive,
    clusterChanges,
  } = ctx;
  const { stripe, provider: paymentProvider, fulfilmentService } = payments;

  // Answers every visitor or every admin shares (the marketplace list, the live feed) are kept briefly; an admin's
  // successful write forgets them before its answer leaves (docs/decisions/0052), in every API process through NATS
  // when there are several (0084). Stored page metadata is forgotten with them.
  const adminWrites = createChangeSignal();
  adminWrites.onChange(metaService.forgetStoredPages);
  clusterChanges?.subscribe(adminWrites.changed);
  api.addHook('onSend', async (request, reply) => {
    const isWrite = request.method !== 'GET' && request.method !== 'HEAD' && request.method !== 'OPTIONS';
    const isShared = request.url.startsWith('/api/admin/') || request.url.startsWith('/api/meta');
    if (isWrite && reply.statusCode < 400 && isShared) {
      adminWrites.changed();
      clusterChanges?.publish();
    }
  });

  await api.register(healthRoutes, { database, version: packageJson.version });
  await api.register(metaRoutes, { metaService });
  await api.register(helpRoutes, { helpService });
  await api.register(authRoutes, {
    auth,
    rateLimiter,
    loginGuard,
    passwordPolicy,
    hasGoogle,
  });
  const organizations = createOrganizationsService({
    db: database.db,
    hotReads: database.hotReads,
    maxPerUser: env.ORG_MAX_PER_USER,
    ...(onAccountsChanged && { onAccountsChanged }),
  });
  const invites = createInvites({
    db: database.db,
    mailer,
    links: createMailLinks({ publicUrl: env.PUBLIC_URL, port: env.PORT }),
    logger: log,
    validDays: env.ORG_INVITE_DAYS,
    brandName: brand.name,
    staticLanguage: brand.staticLanguage,
  });
  const lending = createLending({ db: database.db, secretBox, ...(onAccountsChanged && { onAccountsChanged }) });
  // An ended lending gives the account back by itself (docs/decisions/0073).
  const stopLendingClock = lending.startClock((error) => log.error({ err: error }, 'lending clock failed'), exclusive);
  api.addHook('onClose', async () => stopLendingClock());
  await api.register(userRoutes, { db: database.db, creditsService, organizations });
  await api.register(organizationUserRoutes, { organizations, invites });
  await api.register(creditsRoutes, { creditsService });
  await api.register(adminCreditsRoutes, { creditsService });
  await api.register(activationRoutes, { activationService });
  await api.register(accountsRoutes, { accountsService });
  await api.register(adminAccountsRoutes, { accountsService });
  await api.register(networksRoutes, { db: database.db, adminWrites });
  await api.register(mapsRoutes, { db: database.db });
  await api.register(adminMapRoutes, { db: database.db });
  const fleetService = createFleetService({ db: database.db });
  await api.register(fleetRoutes, { fleetService });
  await api.register(adminFleetRoutes, { fleetService });
  await api.register(statusRoutes, { db: database.db });
  await api.register(adminUsersRoutes, {
    adminUsersService: createAdminUsersService({
      repository: createAdminUsersRepository(database.db),
      creditsService,
      accountsService,
      organizations,
      ...(onAccountsChanged && { onAccountsChanged }),
    }),
  });
  await api.register(adminNetworksRoutes, {
    adminNetworksService: createAdminNetworksService({ db: database.db, secretBox }),
    casterAddress,
  });
  await api.register(adminFeedRoutes, { adminFeedService: createAdminFeedService({ db: database.db }), adminWrites });
  await api.register(productsRoutes, {
    productsService: createProductsService({
      productsRepository: createProductsRepository(database.db),
      isTestProvider: paymentProvider.mode === 'test',
    }),
  });
  const checkoutService = createCheckoutService({ db: database.db, provider: paymentProvider, logger: log });
  await api.register(checkoutRoutes, { checkoutService, publicUrl: env.PUBLIC_URL });
  await api.register(paymentRoutes, {
    db: database.db,
    checkoutService,
    fulfilmentService,
    provider: paymentProvider,
    publicUrl: env.PUBLIC_URL,
    brand: { name: brand.name, primaryColor: brand.primaryColor, staticLanguage: brand.staticLanguage },
  });
  if (stripe) await api.register(stripeWebhookRoutes, { stripe, fulfilmentService });
  const subscriptionsService = createSubscriptionsService({ db: database.db, provider: paymentProvider });
  await api.register(subscriptionsRoutes, { subscriptionsService });
  // Provisioning for resellers: an account with paid access in one call (docs/decisions/0077).
  const provisioningService = createProvisioningService({
    db: database.db,
    accountsService,
    activationService,
    subscriptionsService,
    creditsService,
  });
  await api.register(provisioningRoutes, { provisioningService });
  await api.register(rinexRoutes, { rinexService });
  await api.register(adminArchiveRoutes, { adminArchiveService });
  await api.register(adminSubscriptionsRoutes, { subscriptionsService });
  await api.register(salesRoutes, { salesService: sales.service, rateLimiter: sales.rateLimiter });
  await api.register(adminSalesRoutes, { salesService: sales.service });
  await api.register(adminAuditRoutes, { auditService: createAuditService({ db: database.db }) });
  await api.register(webhooksRoutes, { webhooksService });
  const notificationsOptions = { db: database.db, notificationsService, staticLanguage: brand.staticLanguage };
  await api.register(notificationsRoutes, notificationsOptions);
  // API keys for integrations, a person's and an organisation's (docs/decisions/0077).
  const apiKeysService = createApiKeysService({ db: database.db });
  await api.register(apiKeysRoutes, { apiKeysService });

  // A person's billing page, and an organisation's for its owners and admins (docs/decisions/0073).
  const billingOptions = {
    db: database.db,
    billingService: createBillingService({
      db: database.db,
      provider: paymentProvider,
      customerIdOf: checkoutService.customerIdOf,
    }),
    staticLanguage: brand.staticLanguage,
  };
  // An organisation's own credits, accounts, checkout, subscriptions and map: the same routes under
  // /org/:orgId, for its members by role (plugins/owner-scope.ts, docs/decisions/0041).
  await api.register(
    async (org) => {
      const scoped = <Options extends object>(plugin: FastifyPluginAsync<Options>) => orgScoped(plugin, database.db);
      await org.register(scoped(organizationRoutes), {
        db: database.db,
        organizations,
        invites,
        lending,
        accountsService,
      });
      await org.register(scoped(accountsRoutes), { accountsService });
      await org.register(scoped(creditsRoutes), { creditsService });
      await org.register(scoped(activationRoutes), { activationService });
      await org.register(scoped(checkoutRoutes), { checkoutService, publicUrl: env.PUBLIC_URL });
      await org.register(scoped(subscriptionsRoutes), { subscriptionsService });
      await org.register(scoped(orgSubscriptionRoutes), { subscriptionsService });
      await org.register(scoped(mapsRoutes), { db: database.db });
      await org.register(scoped(fleetRoutes), { fleetService });
      await org.register(scoped(rinexRoutes), { rinexService });
      await org.register(scoped(webhooksRoutes), { webhooksService });
      await org.register(scoped(notificationsRoutes), notificationsOptions);
      await org.register(scoped(apiKeysRoutes), { apiKeysService });
      await org.register(scoped(provisioningRoutes), { provisioningService });
      await org.register(scoped(billingRoutes), billingOptions);
    },
    { prefix: '/org/:orgId' },
  );
  await api.register(adminOrganizationsRoutes, {
    db: database.db,
    organizations,
    accountsService,
    subscriptionsService,
    creditsService,
  });
  await api.register(billingRoutes, billingOptions);
  await api.register(billingSettingsRoutes, { db: database.db, sellerName: brand.name, brandKey: brand.key });
  await api.register(settingsRoutes, { db: database.db, usernamePrefix: brand.ntripUsernamePrefix });
}
