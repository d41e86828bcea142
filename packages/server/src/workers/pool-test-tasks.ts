import { errors } from '../http/errors.ts';

/** Tasks the worker-pool tests run: an answer, a refusal, an endless loop and a memory hog. */
export const tasks = {
  shout: (input: { text: string }) => ({ text: input.text.toUpperCase() }),
  nap: async (input: { ms: number; label: string }) => {
    await new Promise((resolve) => setTimeout(resolve, input.ms));
    return input.label;
  },
  refuse: () => {
    throw errors.badRequest('upload.wrongFormat');
  },
  spin: () => {
    for (;;) {
      // Never yields: only terminating the worker ends it.
    }
  },
  hog: () => {
    const kept: string[][] = [];
    for (;;) kept.push(Array.from({ length: 100_000 }, (_, index) => `cell ${index} ${kept.length}`));
  },
};
