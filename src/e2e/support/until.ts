/**
 * Asks `check` again every 250 ms until it answers true: for what the server does after it answered
 * (a webhook handled after the sandbox's control call, a dispatch), which no element on screen shows.
 */
export async function until(check: () => Promise<boolean>, what: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    if (Date.now() > deadline) throw new Error(`waited ${timeoutMs} ms for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
}
