// firestore.rules, as the fake Firestore store applies them to browser reads (and as
// tests/unit/firestore-rules.test.ts checks the file says). Browsers only read now: every write
// goes through the functions, which firebase-admin lets past the rules.
import { COLLECTIONS } from '../../domain/hosted-store';
import type { Constraint, ReadRequest, ReadRules } from './testing-fake-firestore';

/** The query filters `field == value` (what "rules are not filters" requires of a list). */
function filtersOn(constraints: readonly Constraint[] | undefined, field: string, value: unknown) {
  return (constraints ?? []).some(
    (c) => c.kind === 'where' && c.op === '==' && c.field === field && c.value === value,
  );
}

export const firestoreReadRules: ReadRules = (request: ReadRequest) => {
  const { auth } = request;
  // The claim and the admins document: a revoked admin's token still has the claim for an hour.
  const isAdmin = () =>
    auth !== null && auth.admin && request.exists(`${COLLECTIONS.admins}/${auth.uid}`);
  switch (request.collection) {
    case COLLECTIONS.orders:
      if (request.kind === 'get') {
        return (
          auth !== null &&
          (request.resource === undefined || request.resource.userId === auth.uid || isAdmin())
        );
      }
      return auth !== null && (filtersOn(request.constraints, 'userId', auth.uid) || isAdmin());
    case COLLECTIONS.reviews:
      return request.kind === 'get'
        ? request.resource?.public === true || isAdmin()
        : filtersOn(request.constraints, 'public', true) || isAdmin();
    case COLLECTIONS.settings:
      return request.kind === 'get' && isAdmin();
    case COLLECTIONS.messages:
      return isAdmin();
    case COLLECTIONS.stats:
      return request.kind === 'get' && isAdmin();
    case COLLECTIONS.catalog:
      return request.kind === 'get';
    case COLLECTIONS.catalogVersions:
      return isAdmin();
    case COLLECTIONS.capacity:
      return request.kind === 'get' && isAdmin();
    case COLLECTIONS.liveTracking:
      return request.kind === 'get';
    default:
      return false;
  }
};
