import { describe, expect, it } from 'vitest';
import { HttpDataPort } from './http/http-adapter';
import { createDataPort } from './select-adapter';

describe('createDataPort', () => {
  it('builds the http adapter', () => {
    expect(createDataPort('http', { EventSource: undefined })).toBeInstanceOf(HttpDataPort);
  });

  it('says clearly that this build has no Firebase adapter', () => {
    expect(() => createDataPort('firebase')).toThrow(
      'The Firebase adapter is not part of this build yet',
    );
  });
});
