/** Patrol screens' points part: what it registers into the engine's registries. */
export const registerPatrolPoints = (): void => undefined;
