// Times as the studio shows them: day and time in Cyprus, in the staff member's language.

export function formatWhen(iso: string | null | undefined, lang: 'el' | 'en'): string {
  if (!iso) return '';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return '';
  return new Intl.DateTimeFormat(lang === 'el' ? 'el-GR' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: 'Asia/Nicosia',
  }).format(date);
}
