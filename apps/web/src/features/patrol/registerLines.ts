/** Patrol screens' lines part: what it registers into the engine's registries. */
export const registerPatrolLines = (): void => undefined;
