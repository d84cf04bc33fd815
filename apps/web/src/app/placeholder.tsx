/** Stands in for a screen that has not been built yet (the shell around it comes from AppShell). */
export function Placeholder({ title }: { title: string }) {
  return (
    <>
      <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>
      <p className="mt-2 text-slate-600">Esta tela está em construção.</p>
    </>
  );
}
