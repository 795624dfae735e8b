/** Runs a benchmark's `main`; a failure prints its error and exits non-zero. */
export function runMain(main: () => Promise<void>): void {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
