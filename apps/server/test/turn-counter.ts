/** Counts event-loop turns (one per check phase) from now until `stop()`. */
export function turnCounter() {
  let turn = 0;
  let counting = true;
  const tick = () => {
    turn += 1;
    if (counting) setImmediate(tick);
  };
  setImmediate(tick);
  return { now: () => turn, stop: () => (counting = false) };
}
