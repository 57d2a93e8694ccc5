/** web-ext ships no types; the one call the build audit makes. */
declare module 'web-ext' {
  export const cmd: {
    lint(params: Record<string, unknown>, options: { shouldExitProgram: boolean }): Promise<unknown>;
  };
}
