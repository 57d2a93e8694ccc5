import { describe, expect, it } from 'vitest';
import { refusedEmpty } from '../../components/page/placeholder';

const refusal = (message: string) => ({ kind: 'validation' as const, status: 422, message });

describe('refusedEmpty', () => {
  it('offers the placeholder when the server refuses an empty field, in English or German', () => {
    expect(refusedEmpty(refusal('The title field is required.'), { title: '', data: 'x' })).toBe(true);
    expect(refusedEmpty(refusal('Daten dürfen nicht leer sein'), { title: 't', data: '' })).toBe(true);
  });

  it('does not when the refusal is about something else, or nothing was empty', () => {
    expect(refusedEmpty(refusal('title: at most 64 characters'), { title: '', data: 'x' })).toBe(false);
    expect(refusedEmpty(refusal('data: must be valid JSON'), { title: '', data: '{' })).toBe(false);
    expect(refusedEmpty(refusal('The title field is required.'), { title: 't', data: 'x' })).toBe(false);
    expect(refusedEmpty(null, { title: '', data: '' })).toBe(false);
  });
});
