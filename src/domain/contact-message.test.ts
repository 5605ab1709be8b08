import { describe, expect, it } from 'vitest';
import {
  contactMessageOf,
  decideMessageHandled,
  isMessageState,
  matchesMessageState,
  messageLanguage,
  type ContactMessage,
} from './contact-message';
import { RuleViolation } from './errors';
import { StoredDataError } from './stored';

const stored = {
  id: 'm1',
  name: 'منى',
  email: null,
  phone: '01012345678',
  message: 'عايزة أنقل شقة',
  createdAt: '2026-11-30T08:00:00.000Z',
};
const AT = '2026-12-02T09:30:00.000Z';

describe('contactMessageOf: handled (D20)', () => {
  it('reads a message stored before D20, without the fields, as not handled', () => {
    expect(contactMessageOf(stored).handled).toBeNull();
    expect(contactMessageOf({ ...stored, handledAt: null, handledBy: null }).handled).toBeNull();
  });

  it('reads who handled it and when; a missing or empty admin is null', () => {
    expect(
      contactMessageOf({ ...stored, handledAt: AT, handledBy: 'a@afsh.test' }).handled,
    ).toEqual({ at: AT, by: 'a@afsh.test' });
    expect(contactMessageOf({ ...stored, handledAt: AT }).handled).toEqual({ at: AT, by: null });
    expect(contactMessageOf({ ...stored, handledAt: AT, handledBy: '' }).handled).toEqual({
      at: AT,
      by: null,
    });
  });

  it('refuses a handling no version wrote', () => {
    for (const broken of [
      { handledAt: 5 },
      { handledAt: 'yesterday' },
      { handledAt: AT, handledBy: 7 },
    ]) {
      expect(() => contactMessageOf({ ...stored, ...broken })).toThrow(StoredDataError);
    }
  });
});

describe('decideMessageHandled', () => {
  const open: Pick<ContactMessage, 'handled'> = { handled: null };
  const done: Pick<ContactMessage, 'handled'> = {
    handled: { at: '2026-12-01T10:00:00.000Z', by: 'first@afsh.test' },
  };

  it('records who and when', () => {
    expect(decideMessageHandled(open, true, { email: 'a@afsh.test' }, AT)).toEqual({
      handled: { at: AT, by: 'a@afsh.test' },
      changed: true,
    });
  });

  it('keeps the first record when marked again, and changes nothing', () => {
    expect(decideMessageHandled(done, true, { email: 'second@afsh.test' }, AT)).toEqual({
      handled: done.handled,
      changed: false,
    });
  });

  it('clears it when marked not handled; an open message stays as it is', () => {
    expect(decideMessageHandled(done, false, { email: 'a@afsh.test' }, AT)).toEqual({
      handled: null,
      changed: true,
    });
    expect(decideMessageHandled(open, false, { email: null }, AT)).toEqual({
      handled: null,
      changed: false,
    });
  });

  it('refuses no message with not-found', () => {
    let error: unknown;
    try {
      decideMessageHandled(null, true, { email: null }, AT);
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(RuleViolation);
    expect(error).toMatchObject({ code: 'not-found', message: 'errors:contactMessages.notFound' });
  });
});

describe('the desk’s filter', () => {
  const message = contactMessageOf(stored);
  const handled = { ...message, handled: { at: AT, by: null } };

  it('knows exactly three states', () => {
    for (const state of ['all', 'unhandled', 'handled']) expect(isMessageState(state)).toBe(true);
    for (const value of ['', 'done', 'ALL', null, 1]) expect(isMessageState(value)).toBe(false);
  });

  it('lists each message under all and under its own state', () => {
    expect(matchesMessageState(message, 'all')).toBe(true);
    expect(matchesMessageState(message, 'unhandled')).toBe(true);
    expect(matchesMessageState(message, 'handled')).toBe(false);
    expect(matchesMessageState(handled, 'handled')).toBe(true);
    expect(matchesMessageState(handled, 'unhandled')).toBe(false);
  });
});

describe('messageLanguage: the greeting of a reply', () => {
  it.each([
    ['عايزة أنقل شقة من المعادي', 'ar'],
    ['Do you move pianos?', 'en'],
    // Franco-Arabic is Latin letters: nothing tells it from English, so English.
    ['3ayez a2ol shakka', 'en'],
    ['مرحبا, I need a truck tomorrow please', 'en'],
    ['أريد نقل piano', 'ar'],
    ['01012345678', 'ar'],
    ['', 'ar'],
  ])('%j is answered in %s', (text, language) => {
    expect(messageLanguage({ message: text })).toBe(language);
  });
});
