import { describe, expect, it } from 'vitest';
import { HttpDataPort } from './http/http-adapter';
import { createDataPort } from './select-adapter';

describe('createDataPort', () => {
  it('builds the http adapter', () => {
    expect(createDataPort('http', { EventSource: undefined })).toBeInstanceOf(HttpDataPort);
  });

  // VITE_BACKEND is not `firebase` here, as in every `http` build: the adapter is compiled out.
  it('says clearly that this build has no Firebase adapter', () => {
    expect(() => createDataPort('firebase')).toThrow(
      'This bundle has no Firebase adapter: build it with VITE_BACKEND=firebase',
    );
  });
});
