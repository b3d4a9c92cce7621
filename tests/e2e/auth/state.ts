/** Where the setup project keeps the signed-in demo browser state (tests/.artifacts is git-ignored), per port offset. */
export const DEMO_STORAGE_STATE = `tests/.artifacts/demo-auth${process.env.E2E_PORT_OFFSET ? `-${process.env.E2E_PORT_OFFSET}` : ''}.json`;
