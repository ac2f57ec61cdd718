// Placeholder: h5's tariff page replaces this file (STUDIO.md).
export function TariffPage() {
  return <p>…</p>;
}
