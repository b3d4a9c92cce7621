import type { z } from 'zod';
import type { Mode } from '../../../../src/shared/api/common';
import {
  applyResultSchema,
  compareQuerySchema,
  configApplyQuerySchema,
  configDocumentSchema,
  planSchema,
  promoteBodySchema,
  type ConfigDocument,
  type ConfigKind,
} from '../../../../src/shared/api/config';
import { uuidv7 } from '../../../../src/shared/api/ids';
import { planAnswer, planConfig, type PlannedItem } from '../../../../src/shared/config-plan';
import { checkTarget } from '../../net/ssrf-guard';
import { applyPlan } from '../../config/apply-config';
import { readModeConfig, type ModeConfig } from '../../config/read-config';
import { defineRoute, modeOf, type ApiContext, type ApiRoute } from '../context';
import { ApiError, forbidden, json } from '../request-response';
import { can } from '../rbac';

const P = '/projects/:projectId/:mode';

/** Refusals the pure plan cannot make: a webhook URL the target mode's SSRF guard refuses (live: https only). */
async function asyncRefusals(c: ApiContext, source: ConfigDocument, mode: Mode) {
  const out = new Map<string, { path: string; message: string }[]>();
  for (const w of source.webhooks ?? []) {
    const r = await checkTarget(w.url, { mode, allowLoopback: c.env.WEBHOOK_ALLOW_LOOPBACK === 'true' });
    if (!r.ok) out.set(`webhooks\u0000${w.url}`, [{ path: 'url', message: r.reason }]);
  }
  return out;
}

async function plan(
  c: ApiContext,
  mode: Mode,
  source: ConfigDocument,
  pick?: { kind: ConfigKind; key?: string }[],
): Promise<{ items: PlannedItem[]; target: ModeConfig }> {
  const target = await readModeConfig(c.db, c.access!.projectId, mode, c.now);
  const refusals = await asyncRefusals(c, source, mode);
  return { items: planConfig({ source, target: target.doc, targetMode: mode, pick, refusals }), target };
}

/** Runs a plan or only answers it; the answer is the plan either way (so the dry run's answer is what apply does). */
async function run(c: ApiContext, mode: Mode, from: string, items: PlannedItem[], target: ModeConfig, dryRun: boolean) {
  const changes = items.some((i) => i.action === 'create' || i.action === 'update');
  const promotionId = !dryRun && changes ? `prm_${uuidv7(c.now)}` : null;
  if (promotionId)
    await applyPlan(
      {
        db: c.db,
        env: c.env,
        projectId: c.access!.projectId,
        mode,
        actor: c.actor,
        now: c.now,
        config: target,
      },
      items,
      promotionId,
    );
  return json({ from, to: mode, dryRun, promotionId, ...planAnswer(items) });
}

/**
 * The promotion's two modes: the path's (the target) and `from`. Project-scoped routes: a member's, never a secret
 * key's (a key belongs to one mode; CI applies a document with `…/config`).
 */
function modes(c: ApiContext, from: Mode): { from: Mode; to: Mode } {
  const to = (c.params as { mode: Mode }).mode;
  if (from === to)
    throw new ApiError('bad_request', 'Promote from the other mode', [
      { path: 'from', message: 'Choose the other mode' },
    ]);
  return { from, to };
}

function promoteRoute(dryRun: boolean): ApiRoute {
  return defineRoute({
    method: 'POST',
    path: `${P}/promote${dryRun ? '/dry-run' : ''}` as `${typeof P}/promote`,
    scope: 'project',
    permission: dryRun ? 'write_data' : 'manage_project',
    tag: 'Configuration',
    summary: dryRun
      ? 'Dry run of a promotion from the other mode into this one: what would be created, changed, left alone and refused'
      : 'Promote the picked configuration from the other mode into this one (one batch per kind; 409 if it changed meanwhile)',
    body: promoteBodySchema,
    response: applyResultSchema,
    status: 200,
    handler: async (c) => {
      const { from, to } = modes(c, c.body.from);
      const source = await readModeConfig(c.db, c.access!.projectId, from, c.now);
      const { items, target } = await plan(c, to, source.doc, c.body.pick);
      return run(c, to, from, items, target, dryRun);
    },
  });
}

export const configRoutes: ApiRoute[] = [
  defineRoute({
    method: 'GET',
    path: `${P}/promote`,
    scope: 'project',
    permission: 'read',
    tag: 'Configuration',
    summary: 'Compare the other mode’s configuration (`from`) with this one’s, object by object, field by field',
    query: compareQuerySchema,
    response: planSchema,
    handler: async (c) => {
      const { from, to } = modes(c, c.query.from);
      const source = await readModeConfig(c.db, c.access!.projectId, from, c.now);
      const { items } = await plan(c, to, source.doc);
      return json({ from, to, ...planAnswer(items) });
    },
  }),
  promoteRoute(true),
  promoteRoute(false),
  defineRoute({
    method: 'GET',
    path: `${P}/config`,
    scope: 'mode',
    permission: 'read',
    tag: 'Configuration',
    summary: 'Export this mode’s configuration as one versioned document (secrets as `{"$secret": "name"}`)',
    response: configDocumentSchema,
    handler: async (c) => {
      const { doc } = await readModeConfig(c.db, c.access!.projectId, modeOf(c), c.now);
      return json(doc, 200, {
        'Content-Disposition': `attachment; filename="config-${modeOf(c)}.json"`,
      });
    },
  }),
  defineRoute({
    method: 'POST',
    path: `${P}/config`,
    scope: 'mode',
    permission: 'write_data',
    tag: 'Configuration',
    summary:
      'Apply a configuration document to this mode (`dryRun=true`, the default, only answers the plan); objects matched by key, nothing deleted',
    query: configApplyQuerySchema,
    body: configDocumentSchema,
    response: applyResultSchema,
    status: 200,
    handler: async (c) => {
      const dryRun = c.query.dryRun !== 'false';
      // Applying is an owner's or admin's (or a `config:write` key's); developers may ask for the dry run.
      if (!dryRun && c.principal.kind === 'user' && !can(c.access!.role, 'manage_project'))
        throw forbidden('Only owners and admins apply configuration: run the dry run instead');
      const { items, target } = await plan(c, modeOf(c), c.body as z.output<typeof configDocumentSchema>);
      return run(c, modeOf(c), 'document', items, target, dryRun);
    },
  }),
];
