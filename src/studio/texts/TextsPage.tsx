// Placeholder: h5's texts page replaces this file (STUDIO.md).
export function TextsPage() {
  return <p>…</p>;
}
