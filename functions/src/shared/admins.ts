import type { Firestore } from 'firebase-admin/firestore';
import { COLLECTIONS } from '../../../src/domain/hosted-store.ts';
import type { AdminDirectory } from '../platform/context.ts';

/** admins/{uid} exists while the account is an admin (scripts/firebase-grant-admin.ts keeps it). */
export function firestoreAdmins(db: Firestore): AdminDirectory {
  return {
    async isAdmin(uid) {
      return (await db.collection(COLLECTIONS.admins).doc(uid).get()).exists;
    },
  };
}
