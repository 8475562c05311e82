import { availableParallelism } from 'node:os';

/**
 * How an e2e run is laid out, read by playwright.config.ts (to start the servers) and e2e/fixtures.ts: spec
 * files spread over E2E_WORKERS workers, each against a server of its own on E2E_PORT + the worker's parallel
 * index with a fresh data folder, so files running side by side never see each other's rows.
 */
export const E2E_WORKERS = Number(process.env.E2E_WORKERS ?? Math.min(2, availableParallelism()));

const basePort = Number(process.env.E2E_PORT ?? 8097);
export const e2ePort = (parallelIndex: number) => basePort + parallelIndex;
export const e2eServerUrl = (parallelIndex: number) => `http://127.0.0.1:${e2ePort(parallelIndex)}`;
export const e2eDataDir = (parallelIndex: number) => `/tmp/5a-e2e-data-${e2ePort(parallelIndex)}`;

/**
 * Every time budget (test timeouts, waits for the app) is E2E_TIME_SCALE times what a test needs alone on an
 * idle machine: on the 2-core CI machine two browsers and two servers share the
 * cores, so each test gets about half of what it would alone. A budget only bounds a wait: a passing test
 * takes no longer for it.
 */
const TIME_SCALE = Number(process.env.E2E_TIME_SCALE ?? 2);
export const budget = (ms: number) => ms * TIME_SCALE;
