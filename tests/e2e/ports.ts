/** Fixed loopback ports of the end-to-end stack (npm start uses 8788, so the two can run side by side). */
export const E2E = {
  port: 8799,
  baseURL: 'http://127.0.0.1:8799',
  capturePort: 8798,
  captureURL: 'http://127.0.0.1:8798',
  authPort: 8797,
  authURL: 'http://127.0.0.1:8797',
  posthogKey: 'phc_e2e_test_key',
} as const;
