import { test, expect } from '../fixtures';
import { apiAsUser, demoPath, expectAccessible } from './helpers';

// Test → live (issue 22) on a project of its own (the demo project's live mode is other tests' ground): a policy
// with its contract promoted from test to live works there; a provider arrives as "needs a secret".

const TOKEN = '0x00000000000000000000000000000000000a11ce';

test('promote: compare, dry run, apply a policy with its contract to live; the provider needs a secret', async ({
  page,
}) => {
  await page.goto('/');
  const created = await apiAsUser(page, '/projects', { method: 'POST', body: { name: 'Promote e2e' } });
  expect(created.status).toBe(201);
  const pid = created.body.id as string;
  const test = `/projects/${pid}/test`;
  const contract = await apiAsUser(page, `${test}/contracts`, {
    method: 'POST',
    body: {
      name: 'Reward token',
      chainId: 8453,
      address: TOKEN,
      abi: [{ type: 'function', name: 'claim', inputs: [], outputs: [], stateMutability: 'nonpayable' }],
    },
  });
  expect(contract.status).toBe(201);
  const policy = await apiAsUser(page, `${test}/policies`, { method: 'POST', body: { name: 'Claims', chainId: 8453 } });
  await apiAsUser(page, `${test}/policies/${policy.body.id}/rules`, {
    method: 'POST',
    body: { type: 'contract_functions', contractId: contract.body.id, functionName: 'claim' },
  });
  const providers = await apiAsUser(page, `${test}/auth/providers`);
  const patched = await apiAsUser(page, `${test}/auth/providers`, {
    method: 'PATCH',
    body: {
      version: providers.body.version,
      oauth: { discord: { enabled: true, clientId: 'dc-client', clientSecret: 'discord-secret-value-0123' } },
    },
  });
  expect(patched.status).toBe(200);

  // From the overview's "Going live" card.
  await page.goto(`/${pid}/test`);
  await page.getByRole('link', { name: 'Compare test and live' }).click();
  await expect(page).toHaveURL(new RegExp(`/${pid}/test/promote$`));
  const policies = page.getByRole('region', { name: 'Gas policies', exact: true });
  await expect(policies.getByRole('row', { name: /Claims/ })).toContainText('Only in test');
  const provider = page.getByRole('region', { name: 'Providers', exact: true }).getByRole('row', { name: /Providers/ });
  await expect(provider).toContainText('Differs');
  await expect(provider).toContainText(/oauth\.discord\.enabled:\s*false\s*→\s*true/);
  await expect(page.locator('main')).not.toContainText('discord-secret-value-0123');
  await expectAccessible(page);

  // Apply waits for a dry run of the selection; unpicking the contracts makes the policy's reference refused.
  const apply = page.getByRole('button', { name: 'Apply to live' });
  await expect(apply).toBeDisabled();
  await page.getByRole('checkbox', { name: 'Promote all contracts' }).uncheck();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(policies.getByRole('row', { name: /Claims/ })).toContainText(/Refused.*not there: pick it too/);
  await page.getByRole('checkbox', { name: 'Promote all contracts' }).check();
  await expect(apply).toBeDisabled();
  await page.getByRole('button', { name: 'Dry run' }).click();
  await expect(page.getByRole('region', { name: 'Summary', exact: true })).toContainText('Dry run:');
  await expect(policies.getByRole('row', { name: /Claims/ })).toContainText('Create');
  await expect(provider).toContainText('Update · needs a secret');
  await apply.click();

  const result = page.getByRole('status').filter({ hasText: 'Applied to live' });
  await expect(result).toContainText(/Applied to live: 2 created, 1 updated/);
  await expect(result.getByRole('link', { name: 'Providers', exact: true })).toHaveAttribute(
    'href',
    `/${pid}/live/providers`,
  );
  await expect(result).toContainText('Discord client secret');
  // Compared again: nothing left to promote.
  await expect(policies.getByRole('row', { name: /Claims/ })).toContainText('Same');

  // It works in live: the policy is there with its rule on the live contract (by name), the provider off.
  await page.goto(`/${pid}/live/policies`);
  await page.getByRole('row', { name: /Claims/ }).click();
  await page.getByRole('tab', { name: 'Rules' }).click();
  await expect(page.getByRole('tabpanel')).toContainText('Reward token');
  await expect(page.getByRole('tabpanel')).toContainText('claim');
  const live = await apiAsUser(page, `/projects/${pid}/live/auth/providers`);
  expect(live.body.data.oauth.discord).toMatchObject({ enabled: false, clientId: 'dc-client', clientSecretHint: null });

  // Configuration as code on the screen: a file that is not JSON is said so; a document is dry-run, then applied.
  await page.goto(`/${pid}/test/promote`);
  const card = page.getByRole('region', { name: 'Configuration as code' });
  const upload = card.getByLabel('Upload');
  await upload.setInputFiles({ name: 'bad.json', mimeType: 'application/json', buffer: Buffer.from('{nope') });
  await expect(card.getByRole('alert')).toContainText('This file is not JSON');
  const exported = await apiAsUser(page, `/projects/${pid}/test/config`);
  expect(JSON.stringify(exported.body)).not.toContain('discord-secret-value-0123');
  const fromFile = {
    name: 'From the file',
    chainId: 8453,
    enabled: true,
    strategy: { type: 'pay_for_user' },
    rules: [],
  };
  const doc = { ...exported.body, policies: [...exported.body.policies, fromFile] };
  await upload.setInputFiles({
    name: 'config.json',
    mimeType: 'application/json',
    buffer: Buffer.from(JSON.stringify(doc)),
  });
  await expect(card).toContainText('The file would: create 1, update 0');
  await card.getByRole('button', { name: 'Apply the file to test' }).click();
  await expect(card).toContainText('The file did: create 1, update 0');
  const testPolicies = await apiAsUser(page, `/projects/${pid}/test/policies?order=name:asc`);
  expect(testPolicies.body.data.map((p: { name: string }) => p.name)).toEqual(['Claims', 'From the file']);
});

test.describe('as a viewer', () => {
  test.use({ session: 'viewer' });
  test('promote: a viewer sees the compare, not what only developers and admins may do', async ({ page }) => {
    await page.goto(demoPath('test', '/promote'));
    await expect(page.getByRole('heading', { name: 'Gas policies', exact: true })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByRole('region', { name: 'Gas policies', exact: true })).toContainText('Refused');
    await expect(page.getByRole('button', { name: 'Dry run' })).toHaveCount(0);
    await expect(page.getByRole('button', { name: /Apply/ })).toHaveCount(0);
    await expect(page.getByRole('checkbox')).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Download' })).toBeVisible();
    await expect(page.getByText('Upload')).toHaveCount(0);
  });
});
