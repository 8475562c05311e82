type Pending<I, O> = { item: I; resolve: (o: O) => void; reject: (e: unknown) => void };

/**
 * Gathers the calls made during one turn of the event loop and runs them as one batch (in order, at most `max` a
 * batch): under load the requests that arrive together share one statement and one round trip; a call on its own
 * waits only for the current turn to end. `run` answers one result per item, in the items' order. A failing batch
 * is run again item by item, so one bad item fails alone.
 */
export const coalesce = <I, O>(run: (items: I[]) => Promise<O[]>, max = 200) => {
  let queue: Pending<I, O>[] = [];
  const flush = () => {
    const batch = queue;
    queue = [];
    for (let from = 0; from < batch.length; from += max) {
      const part = batch.slice(from, from + max);
      const alone = (p: Pending<I, O>) =>
        run([p.item]).then(
          (out) => p.resolve(out[0]!),
          (err: unknown) => p.reject(err),
        );
      run(part.map((p) => p.item)).then(
        (out) => part.forEach((p, i) => p.resolve(out[i]!)),
        (err: unknown) => (part.length === 1 ? part[0]!.reject(err) : part.forEach(alone)),
      );
    }
  };
  return (item: I): Promise<O> =>
    new Promise<O>((resolve, reject) => {
      if (queue.length === 0) setImmediate(flush);
      queue.push({ item, resolve, reject });
    });
};
