import { newId } from '../../../../src/shared/api/ids';
import {
  deliveryListSpec,
  eventCreateSchema,
  eventListSpec,
  eventSchema,
  eventUpdateSchema,
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookListSpec,
  webhookSchema,
  webhookUpdateSchema,
  webhookCreatedSchema,
} from '../../../../src/shared/api/webhooks';
import { listOf } from '../../../../src/shared/api/common';
import { insertStmt, listRows, parseJson, type Row } from '../../db/core';
import { modeOf, scopeOf, type ApiContext, type ApiRoute, defineRoute } from '../context';
import { encryptSecret, secretHint } from '../crypto';
import { newWebhookSecret } from '../../webhooks/secrets';
import { ApiError, isoStrict, json } from '../request-response';
import { checkTarget } from '../../net/ssrf-guard';
import { auditFor, commitCreate } from '../write-commits';
import { deleteRoute, getRoute, listRoute, mustGet, updateRoute } from '../route-builders';
import { mustReference } from './wallets';
import { checkContractMonitor } from './contract-monitor';
import { attachDeliveryStats } from '../../webhooks/stats';
import { INVALID_BODY_MESSAGE } from '../../../../src/shared/api/error-messages';

const W = '/projects/:projectId/:mode/webhooks';

/**
 * The SSRF guard at create/update time: the URL as written (no DNS here: the delivery engine resolves and checks the
 * addresses again at send time). Loopback only with WEBHOOK_ALLOW_LOOPBACK=true; live mode requires https.
 */
async function assertWebhookTarget(c: ApiContext, url: string): Promise<void> {
  const r = await checkTarget(url, { mode: modeOf(c), allowLoopback: c.env.WEBHOOK_ALLOW_LOOPBACK === 'true' });
  if (!r.ok) throw new ApiError('bad_request', INVALID_BODY_MESSAGE, [{ path: 'url', message: r.reason }]);
}
const E = '/projects/:projectId/:mode/events';

export function webhookToApi(r: Row, c: { now: number }) {
  return {
    id: r.id,
    url: r.url,
    description: r.description,
    topics: parseJson(r.topics, []),
    enabled: r.enabled === 1,
    disabledReason: r.disabled_reason ?? null,
    // Attached by attachDeliveryStats (webhooks/stats.ts) where the answer carries it; null without attempts in 24 h.
    successRate24h: typeof r.success_rate_24h === 'number' ? r.success_rate_24h : null,
    lastDeliveryAt: r.last_delivery_at == null ? null : isoStrict(r.last_delivery_at as number),
    lastDeliveryStatus: r.last_delivery_status ?? null,
    secretHint: r.secret_hint,
    previousSecretExpiresAt:
      typeof r.previous_secret_expires_at === 'number' && r.previous_secret_expires_at > c.now
        ? isoStrict(r.previous_secret_expires_at)
        : null,
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
    version: r.version,
  };
}
function eventToApi(r: Row) {
  return {
    id: r.id,
    name: r.name,
    type: r.type,
    topic: r.topic,
    threshold: r.threshold,
    contractId: r.contract_id,
    functionName: r.function_name,
    functionArgs: parseJson<string[] | null>(r.function_args as string | null, null),
    backendWalletId: r.backend_wallet_id,
    chainId: r.chain_id,
    confirmations: r.confirmations,
    enabled: r.enabled === 1,
    createdAt: isoStrict(r.created_at as number),
    updatedAt: isoStrict(r.updated_at as number),
    version: r.version,
  };
}

export const webhookRoutes: ApiRoute[] = [
  listRoute({
    path: W,
    tag: 'Webhooks',
    summary: 'List webhooks',
    def: { table: 'webhooks', columns: { createdAt: 'created_at', enabled: 'enabled', description: 'description' } },
    spec: webhookListSpec,
    toApi: webhookToApi,
    item: webhookSchema,
    attach: attachDeliveryStats,
  }),
  defineRoute({
    method: 'POST',
    path: W,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Webhooks',
    summary: 'Subscribe a URL to topics (the signing secret is in this response only)',
    body: webhookCreateSchema,
    response: webhookCreatedSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = c.body;
      await assertWebhookTarget(c, b.url);
      const id = newId('whk');
      const secret = newWebhookSecret();
      const row: Row = {
        id,
        project_id: c.access!.projectId,
        mode: modeOf(c),
        url: b.url,
        description: b.description ?? null,
        topics: JSON.stringify([...new Set(b.topics)]),
        enabled: b.enabled ? 1 : 0,
        secret_encrypted: await encryptSecret(c.env, secret, `webhooks:${id}`),
        secret_hint: secretHint(secret),
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const plain = webhookToApi(row, c);
      return commitCreate(c, {
        statements: [insertStmt(c.db, 'webhooks', row)],
        audit: auditFor(c, 'webhook.created', 'webhooks', id, { url: b.url }),
        body: { ...plain, secret: null },
        response: { ...plain, secret },
        requestBody: b,
      });
    },
  }),
  getRoute({
    path: `${W}/:id`,
    tag: 'Webhooks',
    summary: 'Read a webhook',
    table: 'webhooks',
    what: 'Webhook',
    toApi: async (r, c) => (await attachDeliveryStats(c, [r]), webhookToApi(r, c)),
    item: webhookSchema,
  }),
  updateRoute({
    path: `${W}/:id`,
    tag: 'Webhooks',
    summary: 'Update a webhook',
    table: 'webhooks',
    what: 'Webhook',
    action: 'webhook.updated',
    body: webhookUpdateSchema,
    toApi: webhookToApi,
    item: webhookSchema,
    toColumns: async (b, c) => {
      if (b.url !== undefined) await assertWebhookTarget(c, b.url);
      const s = scopeOf(c);
      const current =
        b.url === undefined
          ? null
          : await c.db
              .prepare('SELECT url FROM webhooks WHERE id = ? AND project_id = ? AND mode = ?')
              .bind(c.params.id, s.projectId, s.mode)
              .first<{ url: string }>();
      return {
        ...(b.url === undefined ? {} : { url: b.url }),
        // A new URL: replays of older events wait for the user's confirmation (docs/api.md "Webhook delivery").
        ...(current && current.url !== b.url ? { url_changed_at: c.now } : {}),
        ...(b.description === undefined ? {} : { description: b.description }),
        ...(b.topics === undefined ? {} : { topics: [...new Set(b.topics)] }),
        // Turned on or off by a person: the engine's reason and failure streak are over.
        ...(b.enabled === undefined ? {} : { enabled: b.enabled, disabled_reason: null, failing_since: null }),
      };
    },
  }),
  deleteRoute({
    path: `${W}/:id`,
    tag: 'Webhooks',
    summary: 'Delete a webhook',
    table: 'webhooks',
    what: 'Webhook',
    action: 'webhook.deleted',
  }),
  defineRoute({
    method: 'GET',
    path: `${W}/:id/deliveries`,
    scope: 'mode',
    permission: 'read',
    tag: 'Webhooks',
    summary: 'Delivery attempts of a webhook',
    list: deliveryListSpec,
    response: listOf(webhookDeliverySchema),
    handler: async (c) => {
      const hook = await mustGet(c, 'webhooks', c.params.id, 'Webhook');
      const q = c.query;
      const { rows, total } = await listRows<Row>(
        c.db,
        {
          table: 'webhook_deliveries',
          columns: { createdAt: 'created_at', status: 'status', topic: 'topic' },
          scopeSql: () => ({ sql: 'webhook_id = ?', args: [hook.id] }),
        },
        deliveryListSpec,
        scopeOf(c),
        q,
      );
      const data = rows.map((r) => ({
        id: r.id,
        webhookId: r.webhook_id,
        eventId: r.event_id,
        topic: r.topic,
        attempt: r.attempt,
        status: r.status,
        responseCode: r.response_code,
        // The receiver's answer may echo what it was sent (or its own internals): owners, admins and developers only.
        responseBody: c.access!.role === 'viewer' ? null : (r.response_body ?? null),
        error: r.error ?? null,
        latencyMs: r.latency_ms,
        payload: parseJson(r.payload, {}),
        createdAt: isoStrict(r.created_at as number),
        nextAttemptAt: r.next_attempt_at == null ? null : isoStrict(r.next_attempt_at as number),
      }));
      return json({ data, page: q.page, limit: q.limit, total });
    },
  }),
  listRoute({
    path: E,
    tag: 'Events',
    summary: 'List event monitors',
    def: { table: 'events', columns: { createdAt: 'created_at', type: 'type' } },
    spec: eventListSpec,
    toApi: eventToApi,
    item: eventSchema,
  }),
  defineRoute({
    method: 'POST',
    path: E,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Events',
    summary: 'Create an event monitor',
    body: eventCreateSchema,
    response: eventSchema,
    status: 201,
    idempotent: true,
    handler: async (c) => {
      const b = c.body;
      await mustReference(c, 'contracts', b.contractId, 'contractId');
      await mustReference(c, 'backend_wallets', b.backendWalletId, 'backendWalletId');
      const target = await checkContractMonitor(c, b);
      const row: Row = {
        id: newId('eve'),
        project_id: c.access!.projectId,
        mode: modeOf(c),
        name: b.name,
        type: b.type,
        topic: b.topic ?? null,
        threshold: b.threshold ?? null,
        contract_id: b.contractId ?? null,
        function_name: target.functionName,
        function_args: target.functionArgs && JSON.stringify(target.functionArgs),
        backend_wallet_id: b.backendWalletId ?? null,
        chain_id: b.chainId ?? null,
        confirmations: b.confirmations ?? null,
        enabled: b.enabled ? 1 : 0,
        created_at: c.now,
        updated_at: c.now,
        version: 1,
      };
      const response = eventToApi(row);
      return commitCreate(c, {
        statements: [insertStmt(c.db, 'events', row)],
        audit: auditFor(c, 'event.created', 'events', row.id as string),
        body: response,
        response,
        requestBody: b,
      });
    },
  }),
  getRoute({
    path: `${E}/:id`,
    tag: 'Events',
    summary: 'Read an event monitor',
    table: 'events',
    what: 'Event',
    toApi: eventToApi,
    item: eventSchema,
  }),
  updateRoute({
    path: `${E}/:id`,
    tag: 'Events',
    summary: 'Update an event monitor',
    table: 'events',
    what: 'Event',
    action: 'event.updated',
    body: eventUpdateSchema,
    toApi: eventToApi,
    item: eventSchema,
    toColumns: (b) => ({
      ...(b.name === undefined ? {} : { name: b.name }),
      ...(b.enabled === undefined ? {} : { enabled: b.enabled }),
      ...(b.threshold === undefined ? {} : { threshold: b.threshold }),
      ...(b.confirmations === undefined ? {} : { confirmations: b.confirmations }),
    }),
  }),
  deleteRoute({
    path: `${E}/:id`,
    tag: 'Events',
    summary: 'Delete an event monitor',
    table: 'events',
    what: 'Event',
    action: 'event.deleted',
  }),
];
