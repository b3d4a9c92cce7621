/** Where the setup project keeps the signed-in demo browser state (tests/.artifacts is git-ignored). */
export const DEMO_STORAGE_STATE = 'tests/.artifacts/demo-auth.json';
