/** A task module the worker-pool tests load slowly (as a large library loads on a busy machine). */
await new Promise((resolve) => setTimeout(resolve, 1_000));

export const tasks = {
  quick: () => 'done',
};
