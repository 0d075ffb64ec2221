/** Runs tasks `concurrency` at a time, for the tests that make hundreds of requests: each result in its task's place. */
export async function pool<T>(tasks: Array<() => Promise<T>>, concurrency: number): Promise<Array<PromiseSettledResult<T>>> {
  const results = new Array<PromiseSettledResult<T>>(tasks.length);
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < tasks.length) {
        const i = next++;
        results[i] = await tasks[i]!().then(
          (value) => ({ status: 'fulfilled', value }) as const,
          (reason: unknown) => ({ status: 'rejected', reason }) as const,
        );
      }
    }),
  );
  return results;
}

/** The same, for setup steps that must all succeed: the values in task order, or the first failure thrown. */
export async function allInPool<T>(tasks: Array<() => Promise<T>>, concurrency: number): Promise<T[]> {
  return (await pool(tasks, concurrency)).map((result) => {
    if (result.status === 'rejected') throw result.reason;
    return result.value;
  });
}

/** How many setup requests (orders, payments) a test keeps in flight: enough to overlap the processes' work on 2 cores. */
export const SETUP_CONCURRENCY = 8;
