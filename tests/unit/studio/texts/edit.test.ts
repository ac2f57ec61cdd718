import { describe, expect, it } from 'vitest';
import { setText } from '../../../../src/studio/texts/edit';

describe("the texts page's edit of one text", () => {
  const file = '{\n  "title": "Travel insurance",\n  "steps": {\n    "trip": "Your trip"\n  }\n}\n';

  it('changes only the line of the text, the file kept as the repository writes it', () => {
    const next = setText(file, 'steps.trip', 'Your journey');
    expect(next).toBe(file.replace('"Your trip"', '"Your journey"'));
    expect(JSON.parse(next)).toEqual({ title: 'Travel insurance', steps: { trip: 'Your journey' } });
  });

  it('adds a key missing in this language, with the objects on its way', () => {
    expect(JSON.parse(setText(file, 'errors.noDates', 'Choose the dates'))).toEqual({
      title: 'Travel insurance',
      steps: { trip: 'Your trip' },
      errors: { noDates: 'Choose the dates' },
    });
  });

  it('starts a file for a language that had none', () => {
    expect(JSON.parse(setText(undefined, 'title', 'Ταξιδιωτική ασφάλιση'))).toEqual({
      title: 'Ταξιδιωτική ασφάλιση',
    });
  });

  it('keeps placeholders as typed', () => {
    expect(JSON.parse(setText(file, 'title', 'Cover for {{p0, number}} days')).title).toBe(
      'Cover for {{p0, number}} days',
    );
  });
});
