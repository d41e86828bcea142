export * from './sleep-constants.ts';
export * from './night-analysis.ts';
export * from './month-analysis.ts';
