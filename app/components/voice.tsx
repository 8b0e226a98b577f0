import { createContext, useContext, type ReactNode } from "react";
import type { Voice } from "~/lib/voice";

const VoiceContext = createContext<Voice>("usted");

/**
 * The voice of a screen that borrows the public site's forms: the back office (admin.tsx and its
 * sign-in) wraps its pages in `<VoiceProvider voice="tu">`; the shared fields, hints and error
 * messages read it. Without a provider everything speaks "usted", as the public site.
 */
export function VoiceProvider({ voice, children }: { voice: Voice; children: ReactNode }) {
  return <VoiceContext.Provider value={voice}>{children}</VoiceContext.Provider>;
}

export function useVoice(): Voice {
  return useContext(VoiceContext);
}

/** Picks a text by the screen's voice: `say("Elija la marca", "Elige la marca")`. */
export function useSay(): (usted: string, tu: string) => string {
  const voice = useVoice();
  return (usted, tu) => (voice === "tu" ? tu : usted);
}
