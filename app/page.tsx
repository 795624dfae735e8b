export default function HomePage() {
  return (
    <main className="mx-auto max-w-3xl p-10">
      <h1 className="text-2xl font-semibold">Switchyard</h1>
      <p className="mt-2 text-slate-600">Visual builder and durable engine for LLM and agent workflows.</p>
    </main>
  );
}
