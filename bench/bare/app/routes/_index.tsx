import type { MetaFunction } from "@remix-run/node";

export const meta: MetaFunction = () => [{ title: "Remix" }];

const PARAGRAPHS = Array.from({ length: 40 }, (_, i) => i + 1);

export default function Index() {
  return (
    <main>
      <h1>Remix</h1>
      {PARAGRAPHS.map((n) => (
        <p key={n}>Párrafo {n}: una página trivial, sin datos ni estilos, el techo de Remix en esta máquina.</p>
      ))}
    </main>
  );
}
