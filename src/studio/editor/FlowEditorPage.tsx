// Placeholder: h3's flow editor replaces this file (STUDIO.md).
export function FlowEditorPage() {
  return <p>…</p>;
}
