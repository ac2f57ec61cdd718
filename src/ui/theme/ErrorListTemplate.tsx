// Errors are shown at their fields; the form-level list renders nothing.
export function ErrorListTemplate() {
  return null;
}
