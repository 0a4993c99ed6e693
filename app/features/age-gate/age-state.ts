// The 18+ gate's state: the server's answer from the age cookie, overridden by the visitor's
// answer on this page until the root data is revalidated. The gate reads it to show itself and
// the page frame to stay inert while the gate is up.
import { create } from "zustand";
import { useRootData } from "../../root-data";
import type { AgeGateState } from "../account/root-data";

const useAnswer = create<{ answer: "ok" | "under" | null }>(() => ({ answer: null }));

export function answerAgeGate(answer: "ok" | "under"): void {
  useAnswer.setState({ answer });
}

export function useAgeGateState(): AgeGateState {
  const data = useRootData();
  const answer = useAnswer((s) => s.answer);
  return answer ?? data?.account?.ageGate ?? "off";
}

/** Whether the gate covers the page (it asks, or it blocks an under-age visitor). */
export const gateIsUp = (state: AgeGateState): boolean => state === "ask" || state === "under";
