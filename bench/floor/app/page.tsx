import { Counter } from "./counter";

// Rendered on each request, like Darkroom's pages.
export const dynamic = "force-dynamic";

export default function FloorPage() {
  return (
    <main>
      <h1>Floor</h1>
      <p>React and Next&apos;s runtime with one client component: what every page pays before its own code.</p>
      <Counter />
    </main>
  );
}
