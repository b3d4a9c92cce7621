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

/** Fixed ids of the seeded projects, so the seed is idempotent and tests, benches and docs can link to them. */
export const DEMO_PROJECTS = {
  /** "Demo Game", owned by demo@example.com, with members of every other role. */
  demo: 'pro_01900000-0000-7000-8000-00000000de00',
  /** "Other Studio", owned by other@example.com: the demo account is not a member. */
  other: 'pro_01900000-0000-7000-8000-0000000007e0',
  /** "Scale project" of `npm run seed:scale` (1M transactions), in its own local state. */
  scale: 'pro_01900000-0000-7000-8000-000000005ca1',
} as const;

/** The local Supabase Auth emulator: where it listens and how its tokens look (docs/auth-emulator.md). */
export const LOCAL_AUTH = {
  port: 54321,
  url: 'http://127.0.0.1:54321',
  /** JWT `iss` is `${url}/auth/v1`; JWKS is served at `${url}/auth/v1/.well-known/jwks.json`. */
  audience: 'authenticated',
} as const;
