import { useCallback, useEffect, useRef } from "react";
import { limits } from "@coderoom/shared/constants/limits";

/**
 * Spec §4 typing: startTyping on the first edit, stopTyping 500 ms after the last one.
 * Returns the function to call on every local edit.
 */
export function useTypingSignal(start: () => void, stop: () => void): () => void {
  const typing = useRef(false);
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined);
  const fns = useRef({ start, stop });
  useEffect(() => {
    fns.current = { start, stop };
  }, [start, stop]);

  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (typing.current) fns.current.stop();
    },
    [],
  );

  return useCallback(() => {
    if (!typing.current) {
      typing.current = true;
      fns.current.start();
    }
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      typing.current = false;
      fns.current.stop();
    }, limits.typingStopMs);
  }, []);
}
