export function workerArgs(root: string): string[];
