import type { ApiRoute } from './context';
import { projectRoutes } from './handlers/projects';
import { memberRoutes } from './handlers/members';
import { billingRoutes } from './handlers/billing';
import { billingEventRoutes } from './handlers/billing-events';
import { billingAlertRoutes } from './handlers/billing-alerts';
import { walletRoutes } from './handlers/wallets';
import { userRoutes } from './handlers/users';
import { transactionRoutes } from './handlers/transactions';
import { transactionStatusRoutes } from './handlers/transaction-status';
import { policyRoutes } from './handlers/policies';
import { contractRoutes } from './handlers/contracts';
import { rpcUrlRoutes } from './handlers/rpc-urls';
import { backendWalletRoutes } from './handlers/backend-wallets';
import { backendWalletBalanceRoutes } from './handlers/backend-wallet-balances';
import { apiKeyRoutes } from './handlers/api-keys';
import { keyRestrictionRoutes } from './handlers/key-restrictions';
import { webhookRoutes } from './handlers/webhooks';
import { webhookDeliveryRoutes } from './handlers/webhook-delivery';
import { analyticsRoutes } from './handlers/analytics';
import { settingRoutes } from './handlers/settings';
import { smtpTestRoutes } from './handlers/smtp-test';
import { userImportRoutes } from './handlers/user-import';
import { requestLogRoutes } from './handlers/request-logs';
import { ecosystemDomainRoutes } from './ecosystem-domain';
import { configRoutes } from './handlers/config';
import { csvExportRoutes } from './csv-export';
import { apiHandler, createApiApp } from './api-app';

/** Every endpoint of /api/v1, one feature per module (the order only matters for identical paths). */
export const API_ROUTES: ApiRoute[] = [
  ...projectRoutes,
  ...memberRoutes,
  ...billingRoutes,
  ...billingEventRoutes,
  ...billingAlertRoutes,
  ...walletRoutes,
  ...userRoutes,
  ...transactionRoutes,
  ...transactionStatusRoutes,
  ...policyRoutes,
  ...contractRoutes,
  ...rpcUrlRoutes,
  ...backendWalletRoutes,
  ...backendWalletBalanceRoutes,
  ...apiKeyRoutes,
  ...keyRestrictionRoutes,
  ...webhookRoutes,
  ...webhookDeliveryRoutes,
  ...analyticsRoutes,
  ...settingRoutes,
  ...smtpTestRoutes,
  ...userImportRoutes,
  ...requestLogRoutes,
  ...ecosystemDomainRoutes,
  ...configRoutes,
];
// `GET …/{collection}.csv` beside each exported list (same permission, order and filters; csv-export.ts).
API_ROUTES.push(...csvExportRoutes(API_ROUTES));

/** The Hono app serving the table (api-app.ts), with `GET /api/v1/openapi.json` generated from the same routes. */
export const apiApp = createApiApp(API_ROUTES);
/** Handles one /api/v1 request. */
export const handleApi = apiHandler(apiApp);
