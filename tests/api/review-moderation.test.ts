import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { AdminReview, Review } from '../../src/data/port.ts';
import { adminClient, createTestServer, TestClient } from './test-server.ts';
import type { TestServer } from './test-server.ts';

// Review moderation (issue 5): admins list every review, hide, show and delete. Who may call
// these is in the authorization matrix; this file is about what they do.

const UNKNOWN_ID = '00000000-0000-4000-8000-000000000000';

describe('review moderation over REST', () => {
  let server: TestServer;
  let admin: TestClient;
  let nextIp = 1;

  beforeAll(async () => {
    server = await createTestServer();
    admin = await adminClient(server.app);
  });

  afterAll(async () => {
    await server.close();
  });

  beforeEach(() => {
    server.app.db.exec('DELETE FROM reviews');
  });

  /** Posts a review as a new anonymous visitor from a new address (one a minute each). */
  async function post(text: string): Promise<Review> {
    const client = new TestClient(server.app);
    await client.anonymous();
    const res = await server.app.inject({
      method: 'POST',
      url: '/api/reviews',
      remoteAddress: `198.51.100.${nextIp++}`,
      headers: {
        'content-type': 'application/json',
        cookie: `afsh_session=${client.sessionCookie ?? ''}`,
      },
      payload: JSON.stringify({ name: 'Salma', review: text, rating: 4 }),
    });
    expect(res.statusCode).toBe(201);
    return (res.json() as { review: Review }).review;
  }

  async function publicIds(): Promise<string[]> {
    const res = await server.app.inject({ method: 'GET', url: '/api/reviews' });
    return (res.json() as { reviews: Review[] }).reviews.map((r) => r.id);
  }

  function hiddenColumn(id: string): number | undefined {
    const row = server.app.db.prepare('SELECT hidden FROM reviews WHERE id = ?').get(id) as
      { hidden: number } | undefined;
    return row?.hidden;
  }

  it('lists every review for admins, hidden ones included, newest first, without who posted', async () => {
    const older = await post('The older review, fine');
    await new Promise((resolve) => setTimeout(resolve, 5));
    const newer = await post('The newer review, great');
    server.app.db.prepare('UPDATE reviews SET hidden = 1 WHERE id = ?').run(older.id);

    const res = await admin.request<{ reviews: AdminReview[] }>('GET', '/api/reviews?all=1');
    expect(res.status).toBe(200);
    expect(res.body.reviews).toEqual([
      { ...newer, hidden: false },
      { ...older, hidden: true },
    ]);
    for (const review of res.body.reviews) {
      expect(Object.keys(review).sort()).toEqual(
        ['createdAt', 'hidden', 'id', 'name', 'rating', 'review'].sort(),
      );
    }
    // Without all=1 the admin gets the public list, like everyone else.
    expect(await publicIds()).toEqual([newer.id]);
    const plain = await admin.request<{ reviews: Review[] }>('GET', '/api/reviews?all=0');
    expect(plain.body.reviews.map((r) => r.id)).toEqual([newer.id]);
  });

  it('refuses an unknown value of all', async () => {
    const res = await admin.request('GET', '/api/reviews?all=yes');
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
  });

  it('hides a review and shows it again', async () => {
    const review = await post('Hide me, then show me');

    const hidden = await admin.request('PATCH', `/api/reviews/${review.id}`, { hidden: true });
    expect(hidden.status).toBe(200);
    expect(hidden.body).toEqual({ review: { ...review, hidden: true } });
    expect(hiddenColumn(review.id)).toBe(1);
    expect(await publicIds()).not.toContain(review.id);

    const shown = await admin.request('PATCH', `/api/reviews/${review.id}`, { hidden: false });
    expect(shown.status).toBe(200);
    expect(shown.body).toEqual({ review: { ...review, hidden: false } });
    expect(await publicIds()).toEqual([review.id]);
  });

  it('a hidden review still counts for its author’s one-a-minute rule', async () => {
    const client = new TestClient(server.app);
    await client.anonymous();
    const first = await client.request('POST', '/api/reviews', {
      name: 'Omar',
      review: 'First one, then hidden',
      rating: 2,
    });
    expect(first.status).toBe(201);
    await admin.request('PATCH', `/api/reviews/${first.body.review.id}`, { hidden: true });
    const again = await client.request('POST', '/api/reviews', {
      name: 'Omar',
      review: 'Trying again at once',
      rating: 1,
    });
    expect(again.status).toBe(429);
  });

  it.each([
    ['no body', undefined],
    ['an empty object', {}],
    ['a string for hidden', { hidden: 'true' }],
    ['a number for hidden', { hidden: 1 }],
    ['an extra key', { hidden: true, rating: 1 }],
  ])('refuses %s with 400 and changes nothing', async (_what, body) => {
    const review = await post('Not to be touched');
    const res = await admin.request('PATCH', `/api/reviews/${review.id}`, body);
    expect(res.status).toBe(400);
    expect(res.body.error.code).toBe('invalid-argument');
    expect(hiddenColumn(review.id)).toBe(0);
  });

  it('refuses a PATCH that is not JSON (415), the CSRF guard', async () => {
    const review = await post('Form posts cannot hide me');
    const res = await admin.request('PATCH', `/api/reviews/${review.id}`, undefined, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(res.status).toBe(415);
    expect(hiddenColumn(review.id)).toBe(0);
  });

  it('deletes a review: 204, gone from both lists, then 404', async () => {
    const review = await post('Delete me please');
    const res = await admin.request('DELETE', `/api/reviews/${review.id}`);
    expect(res.status).toBe(204);
    expect(res.body).toBeNull();
    expect(hiddenColumn(review.id)).toBeUndefined();
    expect(await publicIds()).toEqual([]);
    const all = await admin.request('GET', '/api/reviews?all=1');
    expect(all.body.reviews).toEqual([]);

    const again = await admin.request('DELETE', `/api/reviews/${review.id}`);
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe('not-found');
  });

  it('refuses a DELETE with a non-JSON body (415)', async () => {
    const review = await post('Still here after a form delete');
    const res = await server.app.inject({
      method: 'DELETE',
      url: `/api/reviews/${review.id}`,
      headers: {
        'content-type': 'text/plain',
        cookie: `afsh_session=${admin.sessionCookie ?? ''}`,
      },
      payload: 'x',
    });
    expect(res.statusCode).toBe(415);
    expect(hiddenColumn(review.id)).toBe(0);
  });

  it('answers 404 for an unknown id', async () => {
    await post('Some other review');
    for (const id of [UNKNOWN_ID, 'not-a-review']) {
      const patch = await admin.request('PATCH', `/api/reviews/${id}`, { hidden: true });
      expect(patch.status).toBe(404);
      expect(patch.body.error.code).toBe('not-found');
      const del = await admin.request('DELETE', `/api/reviews/${id}`);
      expect(del.status).toBe(404);
    }
  });
});
