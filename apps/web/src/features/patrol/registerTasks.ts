/** Patrol screens' tasks part: what it registers into the engine's registries. */
export const registerPatrolTasks = (): void => undefined;
