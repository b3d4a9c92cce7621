import { describe, expect, it } from 'vitest';
import { inviteDetails } from '../../src/shared/invite';

/**
 * The invite's words in user metadata (src/shared/invite.ts): what the acceptance page and the emulator's invite email
 * show. Anyone can rewrite their own metadata, so only plausible text is shown and anything else shows no invite words.
 */
const base = { invited_project_name: 'Demo Game', invited_role: 'developer', invited_by: 'ada@example.com' };

describe('inviteDetails', () => {
  it.each([
    ['all three', base, { projectName: 'Demo Game', role: 'developer', inviter: 'ada@example.com' }],
    [
      'trimmed',
      { ...base, invited_project_name: '  Demo Game ' },
      { projectName: 'Demo Game', role: 'developer', inviter: 'ada@example.com' },
    ],
    [
      'no inviter',
      { ...base, invited_by: undefined },
      { projectName: 'Demo Game', role: 'developer', inviter: 'A teammate' },
    ],
    ['no project name', { ...base, invited_project_name: '' }, null],
    ['an unknown role', { ...base, invited_role: 'superuser' }, null],
    ['a name inherited by every object', { ...base, invited_role: 'constructor' }, null],
    ['a role that is not text', { ...base, invited_role: ['owner'] }, null],
    ['a name too long to be one', { ...base, invited_project_name: 'x'.repeat(201) }, null],
    ['nothing', null, null],
  ])('%s', (_, metadata, expected) => {
    expect(inviteDetails(metadata as Record<string, unknown> | null)).toEqual(expected);
  });
});
