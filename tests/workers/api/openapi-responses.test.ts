import { Validator, type Schema } from '@cfworker/json-schema';
import { beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../../functions/_lib/api/api-routes';
import { openApiPath } from '../../../functions/_lib/api/openapi';
import type { ApiRoute } from '../../../functions/_lib/api/context';
import { addMember, api, newProject, shardOf } from './helpers';
import { CREATE, PATCH } from './fixtures';
import { EXAMPLES, NO_SUCCESS, SOURCE, type Ids } from './openapi-examples';
import { newId } from '../../../src/shared/api/ids';
import { eventPayload } from '../../../functions/_lib/webhooks/outbox';

/**
 * Schemathesis-style response conformance (docs/api.md "OpenAPI"): every operation of the route table is called
 * for real — without credentials, with an unknown id, and with a valid request (fixtures.ts and
 * openapi-examples.ts) — and every answer is checked against the document `GET /openapi.json` publishes: its status
 * is one the operation documents, and its body validates against the documented JSON Schema of that status
 * (@cfworker/json-schema, draft 2020-12, the document's components resolved). An operation without a successful
 * answer must be listed in NO_SUCCESS with its reason, so a new route cannot slip by undocumented.
 */

type Doc = {
  paths: Record<
    string,
    Record<string, { responses: Record<string, { content?: Record<string, { schema: Schema }> }> }>
  >;
  components: Record<string, unknown>;
};
type Answer = { status: number; body: unknown; text: string; headers: Headers };
type Recorded = { route: ApiRoute; label: string; answer: Answer; sent?: unknown };

const opName = (r: ApiRoute) => `${r.method} ${r.path}`;
let doc: Doc;
const recorded: Recorded[] = [];
const validators = new Map<string, Validator>();

function validatorFor(schema: Schema, key: string): Validator {
  let v = validators.get(key);
  if (!v) {
    // The components beside the schema: `#/components/schemas/X` resolves inside this root.
    v = new Validator({ ...schema, components: doc.components } as Schema, '2020-12', false);
    validators.set(key, v);
  }
  return v;
}

/** What is wrong with an answer against the document (empty: it conforms). */
function conformance(route: ApiRoute, a: Answer): string[] {
  const op = doc.paths[openApiPath(route.path)]?.[route.method.toLowerCase()];
  if (!op) return ['operation missing from the document'];
  const documented = op.responses[String(a.status)];
  if (!documented) return [`status ${a.status} is not documented (${Object.keys(op.responses).join(', ')})`];
  if (!documented.content) return a.text === '' ? [] : [`status ${a.status} documents no body but one came`];
  const type = a.headers.get('Content-Type') ?? '';
  const media = Object.keys(documented.content).find((m) => type.startsWith(m));
  if (!media) return [`Content-Type ${type} is not documented (${Object.keys(documented.content).join(', ')})`];
  if (media !== 'application/json') return [];
  const result = validatorFor(documented.content[media]!.schema, `${opName(route)} ${a.status}`).validate(a.body);
  return result.valid
    ? []
    : result.errors
        .filter((e) => e.keyword !== 'properties' && e.keyword !== 'items' && e.keyword !== '$ref')
        .slice(0, 5)
        .map((e) => `${e.instanceLocation}: ${e.error}`);
}

let projectId = '';
let owner = '';
const ids: Ids = new Map();
/** The member the member routes change and remove (the owner cannot be demoted or removed: 409). */
const MEMBER = 'openapi-member';

const MODE = '/projects/:projectId/:mode/';
/** The collection a create route adds to (`auth/migrations`, `webhooks`, …), null for other routes. */
const createdCollection = (r: ApiRoute) =>
  r.method === 'POST' && r.path.startsWith(MODE) && CREATE[r.path.slice(MODE.length)]
    ? r.path.slice(MODE.length)
    : null;
/** The segment before `/:id`: which seeded object an `:id` names. */
const idKey = (path: string) => path.split('/:id')[0]!.split('/').pop()!;

function concrete(path: string, id?: string): string {
  return path
    .replace(':projectId', projectId)
    .replace(':mode', 'test')
    .replace(':id', id ?? ids.get(idKey(path)) ?? 'id_missing')
    .replace(':chainId', '1')
    .replace(':userId', MEMBER)
    .replace(':ruleId', ids.get('rule') ?? 'id_missing')
    .replace(':inviteId', ids.get('invite') ?? 'id_missing')
    .replace(':deliveryId', ids.get('delivery') ?? 'id_missing')
    .replace(':index', '0')
    .replace(/:\w+/g, 'id_missing');
}

/** The collection of a mode-scoped item route, for the PATCH fixtures (`auth/migrations/:id` → `auth/migrations`). */
const itemCollection = (path: string) =>
  path.startsWith(MODE) && path.endsWith('/:id') ? path.slice(MODE.length, -'/:id'.length) : null;

async function call(route: ApiRoute, label: string, o: { auth?: string | null; id?: string } = {}) {
  const example = EXAMPLES[opName(route)];
  let body: unknown = example?.body?.(ids);
  const coll = itemCollection(route.path);
  if (body === undefined && route.body) {
    const created = createdCollection(route);
    if (created) body = CREATE[created]!();
    else if (route.method === 'PATCH' && coll && PATCH[coll]) body = { ...PATCH[coll], version: 1 };
    else body = {};
  }
  const edit = route.method === 'PATCH' || route.method === 'PUT';
  if (body && typeof body === 'object' && 'version' in body && edit && o.auth === undefined) {
    // The current version of what the PATCH (or PUT) edits, read from the GET beside it (when there is one).
    const current = await api('GET', concrete(route.path, o.id), owner);
    if (typeof current.body?.version === 'number') (body as { version: number }).version = current.body.version;
  }
  const path = concrete(route.path, o.id) + (example?.query ?? '');
  const answer = await api(route.method, path, o.auth === undefined ? owner : o.auth, body);
  recorded.push({ route, label, answer, sent: body });
  return answer;
}

const ORDER: Record<string, number> = { GET: 0, POST: 1, PUT: 2, PATCH: 3, DELETE: 4 };
const ROUTES = [...API_ROUTES].sort((a, b) => ORDER[a.method]! - ORDER[b.method]!);

/** Seeds one object of every kind an operation names, through the API where it can (else as the engine would). */
async function seed() {
  const base = `/projects/${projectId}/test`;
  const must = async (what: string, res: Answer & { body: any }) => {
    if (res.status >= 300) throw new Error(`seed ${what}: ${res.status} ${res.text}`);
    return res.body;
  };
  for (const [coll, body] of Object.entries(CREATE)) {
    // The seeded import expects the rows its file holds (SOURCE.rowCount), so a chunk can be taken.
    const sent = coll === 'auth/migrations' ? { ...(body() as object), totalCount: SOURCE.rowCount } : body();
    ids.set(coll.split('/').pop()!, (await must(coll, await api('POST', `${base}/${coll}`, owner, sent))).id);
  }
  const tx = await must(
    'transaction',
    await api('POST', `${base}/transactions`, owner, EXAMPLES[`POST ${MODE}transactions`]!.body!(ids)),
  );
  ids.set('transactions', tx.id);
  const rule = await must(
    'rule',
    await api('POST', `${base}/policies/${ids.get('policies')}/rules`, owner, {
      type: 'rate_limit',
      limitType: 'gas_per_transaction',
      limitValue: 500,
    }),
  );
  ids.set('rule', rule.id);
  await must('source', await api('PUT', `${base}/auth/migrations/${ids.get('migrations')}/source`, owner, SOURCE));
  await addMember(projectId, MEMBER, 'developer');
  const invite = await must(
    'invite',
    await api('POST', `/projects/${projectId}/members`, owner, {
      email: 'openapi-seeded-invite@example.com',
      role: 'developer',
    }),
  );
  ids.set('invite', invite.id);
  // A failed delivery of an event to the seeded webhook, and the webhook disabled by a 410 (a notice).
  const now = Date.now() - 3600_000;
  const event = newId('evt', now);
  const delivery = newId('whd', now);
  const payload = eventPayload('user.created', { id: ids.get('users') }, now);
  const shard = await shardOf(projectId);
  await shard.batch([
    shard
      .prepare(
        'INSERT INTO webhook_events (id, project_id, mode, topic, payload, dispatched_at, created_at) VALUES (?, ?, ?, ?, ?, ?, ?)',
      )
      .bind(event, projectId, 'test', 'user.created', payload, now, now),
    shard
      .prepare(
        `INSERT INTO webhook_deliveries (id, project_id, mode, webhook_id, event_id, topic, attempt, status, response_code, payload, created_at)
       VALUES (?, ?, 'test', ?, ?, 'user.created', 1, 'failed', 500, ?, ?)`,
      )
      .bind(delivery, projectId, ids.get('webhooks'), event, payload, now),
  ]);
  ids.set('event-log', event);
  ids.set('delivery', delivery);
  // A notice of a webhook the engine turned off (410 Gone), as the engine writes it.
  const notice = newId('ntc', now);
  await shard
    .prepare(
      "INSERT INTO notices (id, project_id, mode, kind, webhook_id, reason, created_at) VALUES (?, ?, 'test', 'webhook_disabled', ?, 'gone', ?)",
    )
    .bind(notice, projectId, ids.get('webhooks'), now)
    .run();
  ids.set('notices', notice);
  // The import runs, so its chunks are taken.
  const migration = `${base}/auth/migrations/${ids.get('migrations')}`;
  const { version } = await must('import', await api('GET', migration, owner));
  await must('running import', await api('PATCH', migration, owner, { status: 'running', version }));
}

beforeAll(async () => {
  doc = (await api('GET', '/openapi.json', null)).body as Doc;
  const p = await newProject('openapi-owner', 'Conformance');
  projectId = p.id;
  owner = p.ownerToken;
  await seed();
  for (const r of ROUTES) {
    await call(r, 'without credentials', { auth: null });
    if (r.path.includes(':id')) await call(r, 'an unknown id', { id: 'id_missing' });
    if (r.method === 'DELETE' && r.path.endsWith('/:id')) {
      // A fresh object to delete, so the later calls still find the seeded one.
      const coll = itemCollection(r.path);
      const made =
        coll && CREATE[coll] ? await api('POST', `/projects/${projectId}/test/${coll}`, owner, CREATE[coll]()) : null;
      await call(r, 'a valid request', { id: made?.body?.id });
    } else if (!(r.method === 'DELETE' && r.path === '/projects/:projectId') && !r.inTrash)
      await call(r, 'a valid request');
  }
  // Last: the project goes to the trash (its DELETE needs the current version) and comes back.
  const version = (await api('GET', `/projects/${projectId}`, owner)).body.version;
  const del = API_ROUTES.find((r) => r.method === 'DELETE' && r.path === '/projects/:projectId')!;
  const restore = API_ROUTES.find((r) => r.inTrash)!;
  const stale = await api('DELETE', `/projects/${projectId}?version=${version + 5}`, owner);
  recorded.push({ route: del, label: 'a stale version', answer: stale });
  const gone = await api('DELETE', `/projects/${projectId}?version=${version}`, owner);
  recorded.push({ route: del, label: 'a valid request', answer: gone });
  await call(restore, 'a valid request');
  await call(restore, 'a project not in the trash');
}, 240_000);

describe('every answer conforms to GET /openapi.json', () => {
  it('records answers of every operation', () => {
    const seen = new Set(recorded.map((r) => opName(r.route)));
    expect(API_ROUTES.filter((r) => !seen.has(opName(r))).map(opName)).toEqual([]);
  });

  it('every recorded answer has a documented status and validates against its schema', () => {
    const failures = recorded
      .map((r) => ({ r, problems: conformance(r.route, r.answer) }))
      .filter((x) => x.problems.length)
      .map((x) => `${opName(x.r.route)} (${x.r.label}) → ${x.r.answer.status}: ${x.problems.join('; ')}`);
    expect(failures).toEqual([]);
  });

  it('every request body the server accepted validates against the documented request body', () => {
    const failures = recorded
      .filter((r) => r.label === 'a valid request' && r.answer.status < 300 && r.sent !== undefined)
      .flatMap((r) => {
        const op = doc.paths[openApiPath(r.route.path)]![r.route.method.toLowerCase()] as unknown as {
          requestBody?: { content: Record<string, { schema: Schema }> };
        };
        const schema = op.requestBody?.content['application/json']?.schema;
        if (!schema) return [`${opName(r.route)}: no documented request body`];
        const result = validatorFor(schema, `${opName(r.route)} request`).validate(r.sent);
        return result.valid
          ? []
          : [
              `${opName(r.route)}: ${result.errors
                .map((e) => e.error)
                .slice(-3)
                .join('; ')}`,
            ];
      });
    expect(failures).toEqual([]);
  });

  it('the check itself refuses answers that break the document (a wrong type, a settings field, a status)', () => {
    const pick = (op: string, status: number) =>
      recorded.find((r) => opName(r.route) === op && r.answer.status === status)!;
    const project = pick('GET /projects/:projectId', 200);
    expect(
      conformance(project.route, { ...project.answer, body: { ...(project.answer.body as object), version: '2' } }),
    ).not.toEqual([]);
    const smtp = pick('GET /projects/:projectId/:mode/auth/smtp', 200);
    const data = { ...(smtp.answer.body as { data: object }).data, port: 'twenty-five' };
    expect(conformance(smtp.route, { ...smtp.answer, body: { ...(smtp.answer.body as object), data } })).not.toEqual(
      [],
    );
    expect(conformance(project.route, { ...project.answer, status: 418 })).toEqual([
      expect.stringContaining('status 418 is not documented'),
    ]);
  });

  it('every operation answers a valid request with success, except the listed ones (with their reason)', () => {
    const ok = new Set(
      recorded.filter((r) => r.label === 'a valid request' && r.answer.status < 300).map((r) => opName(r.route)),
    );
    const missing = API_ROUTES.map(opName).filter((n) => !ok.has(n) && !NO_SUCCESS[n]);
    const details = missing.map((n) => {
      const r = recorded.find((x) => opName(x.route) === n && x.label === 'a valid request');
      return `${n} → ${r?.answer.status} ${r?.answer.text.slice(0, 160)}`;
    });
    expect(details).toEqual([]);
    // A listed operation that now succeeds is taken off the list.
    expect(Object.keys(NO_SUCCESS).filter((n) => ok.has(n))).toEqual([]);
  });
});
