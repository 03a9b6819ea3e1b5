/**
 * Runs `beat` every `everyMs`, the first time after a random share of one interval. Streams opened
 * together (a thousand agents reconnecting after a deploy) would otherwise beat together for as long as
 * they stay open, each beat's work (a session check, a database write) landing in one burst that delays
 * everything else the process does; spread, the same work is an even trickle. No gap between beats is
 * longer than `everyMs`. Answers the way to stop it.
 */
export function spreadInterval(beat: () => void, everyMs: number, random: () => number = Math.random): () => void {
  let timer: ReturnType<typeof setTimeout> = setTimeout(() => {
    beat();
    timer = setInterval(beat, everyMs);
    timer.unref();
  }, Math.floor(random() * everyMs));
  timer.unref();
  return () => clearTimeout(timer);
}
