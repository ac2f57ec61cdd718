// A staff member as the studio shows them: their name (the service sends it beside the id),
// "you" for oneself, the id only when the service knows no name (the CLI, the first import).

export function staffLabel(
  id: string | null | undefined,
  name: string | null | undefined,
  me: string,
  you: string,
): string {
  if (!id) return '';
  if (id === me) return you;
  return name || id;
}
