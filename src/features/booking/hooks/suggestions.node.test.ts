import { describe, expect, it } from 'vitest';
import { readSuggestions, rememberSuggestion } from './suggestions';

class MemoryStorage {
  items = new Map<string, string>();
  getItem(key: string) {
    return this.items.get(key) ?? null;
  }
  setItem(key: string, value: string) {
    this.items.set(key, value);
  }
}

const store = () => new MemoryStorage() as unknown as Storage;

describe('suggestions', () => {
  it('keeps the 10 most recent distinct entries, newest first', () => {
    const storage = store();
    for (let i = 1; i <= 12; i += 1) rememberSuggestion('fullName', `Name ${i}`, storage);
    rememberSuggestion('fullName', ' name 5 ', storage);
    const list = readSuggestions('fullName', storage);
    expect(list).toHaveLength(10);
    expect(list[0]).toBe('name 5');
    expect(list.filter((n) => n.toLowerCase() === 'name 5')).toHaveLength(1);
    expect(list).not.toContain('Name 1');
    expect(storage.getItem('fullNameSuggestions')).not.toBeNull();
  });

  it('stores phones under phoneSuggestions and ignores junk', () => {
    const storage = store();
    storage.setItem('phoneSuggestions', '{"not":"a list"}');
    expect(readSuggestions('phoneNumber', storage)).toEqual([]);
    rememberSuggestion('phoneNumber', '01012345678', storage);
    expect(JSON.parse(storage.getItem('phoneSuggestions') ?? '[]')).toEqual(['01012345678']);
    storage.setItem('phoneSuggestions', '[1, null, "01112345678", ""]');
    expect(readSuggestions('phoneNumber', storage)).toEqual(['01112345678']);
  });
});
