/** Where the setup project keeps the signed-in demo browser state (tests/.artifacts is git-ignored), per port offset. */
export const DEMO_STORAGE_STATE = `tests/.artifacts/demo-auth${process.env.E2E_PORT_OFFSET ? `-${process.env.E2E_PORT_OFFSET}` : ''}.json`;

/** The same for the demo project's viewer (Vera Viewer), for the role tests. */
export const VIEWER_STORAGE_STATE = DEMO_STORAGE_STATE.replace('demo-auth', 'viewer-auth');
