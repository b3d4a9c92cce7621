/**
 * Demo accounts shared by the local auth emulator (dev/) and the D1 seed: the same fixed user ids on both sides,
 * so memberships seeded in D1 match the `sub` of the emulator's tokens. Local development and tests only.
 */
export const DEMO_ACCOUNTS = {
  demo: {
    id: '5b2a1f0e-6d3c-4e8a-9f1b-000000000001',
    email: 'demo@example.com',
    password: 'demo-password',
  },
  other: {
    id: '5b2a1f0e-6d3c-4e8a-9f1b-000000000002',
    email: 'other@example.com',
    password: 'other-password',
  },
  /** Members of the demo project with each other role (sign in as them to see what a role may do). */
  admin: {
    id: '5b2a1f0e-6d3c-4e8a-9f1b-0000000000a1',
    email: 'alice.admin@example.com',
    password: 'admin-password',
  },
  developer: {
    id: '5b2a1f0e-6d3c-4e8a-9f1b-0000000000d1',
    email: 'dave.dev@example.com',
    password: 'developer-password',
  },
  viewer: {
    id: '5b2a1f0e-6d3c-4e8a-9f1b-0000000000f1',
    email: 'vera.viewer@example.com',
    password: 'viewer-password',
  },
} as const;

/** The local Supabase Auth emulator: where it listens and how its tokens look (DESIGN §4). */
export const LOCAL_AUTH = {
  port: 54321,
  url: 'http://127.0.0.1:54321',
  /** JWT `iss` is `${url}/auth/v1`; JWKS is served at `${url}/auth/v1/.well-known/jwks.json`. */
  audience: 'authenticated',
} as const;
