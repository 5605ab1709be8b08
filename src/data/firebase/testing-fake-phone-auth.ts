// A fake of Firebase Auth's phone sign-in for the adapter's in-process tests (D13): the SDK's
// RecaptchaVerifier, signInWithPhoneNumber, linkWithPhoneNumber, PhoneAuthProvider,
// signInWithCredential and updatePhoneNumber, over `phoneAuth`, which plays Google's side: who
// owns which number, the codes it sent, and the failures a test asks for. It answers as the SDK
// does where the adapter could notice (checked against @firebase/auth's sources and the Auth
// emulator): a link to a number another account has fails with
// auth/account-exists-with-different-credential, whose credential
// (PhoneAuthProvider.credentialFromError, from the answer's temporary proof) signs in as that
// account; a wrong
// code may be typed again; a verifier that was cleared cannot be used. The real SDK's phone
// sign-in runs in tests/firebase/phone-auth-emulator.test.ts, against the Auth emulator.
import { FirebaseError } from '@firebase/util';
import { authOfFakeUser, fakeUser, type FakeAuth, type FakeUser } from './testing-fake-firestore';

interface SentCode {
  verificationId: string;
  phone: string;
  code: string;
  /** The auth instance's languageCode when it was sent: the SMS's language. */
  language: string | null;
}

interface PhoneCredential {
  providerId: 'phone';
  verificationId?: string;
  code?: string;
  /** What a link to a taken number answers with: proof that the number was verified. */
  temporaryProof?: { phone: string };
}

function authError(code: string, customData?: Record<string, unknown>): FirebaseError {
  return new FirebaseError(`auth/${code}`, `Firebase: Error (auth/${code}).`, customData);
}

/** Google's side of phone sign-in. */
export class FakePhoneAuthService {
  /** Accounts by their number (E.164). */
  readonly owners = new Map<string, FakeUser>();
  readonly sent: SentCode[] = [];
  /** Every verifier the adapter made, in order. */
  readonly verifiers: RecaptchaVerifier[] = [];
  private readonly live = new Map<string, SentCode>();
  private readonly failures: { step: 'send' | 'confirm'; code: string }[] = [];
  private ids = 0;
  private users = 0;

  reset(): void {
    this.owners.clear();
    this.sent.length = 0;
    this.verifiers.length = 0;
    this.live.clear();
    this.failures.length = 0;
  }

  /** The next send, or the next confirmation, fails with `auth/<code>`. */
  failNext(step: 'send' | 'confirm', code: string): void {
    this.failures.push({ step, code });
  }

  /** The code last sent to a number (what the customer reads in the SMS). */
  codeFor(phone: string): string {
    const code = this.sent.findLast((sent) => sent.phone === phone)?.code;
    if (!code) throw new Error(`no code was sent to ${phone}`);
    return code;
  }

  /** The code's time is over: typing it now answers auth/code-expired. */
  expire(phone: string): void {
    for (const sent of this.live.values()) if (sent.phone === phone) sent.code = 'expired';
  }

  /** An account that already proved `phone` (another device, or the office's records). */
  accountFor(phone: string, uid = `phone-account-${(this.users += 1)}`): FakeUser {
    const user = fakeUser({ uid, phone });
    this.owners.set(phone, user);
    return user;
  }

  send(auth: FakeAuth, phone: string, verifier: RecaptchaVerifier): string {
    if (verifier.cleared) throw authError('internal-error');
    this.fail('send');
    if (!/^\+[1-9]\d{7,14}$/.test(phone)) throw authError('invalid-phone-number');
    this.ids += 1;
    const sent = {
      verificationId: `verification-${this.ids}`,
      phone,
      code: String(100000 + this.ids),
      language: auth.languageCode,
    };
    this.sent.push(sent);
    this.live.set(sent.verificationId, { ...sent });
    return sent.verificationId;
  }

  /** The number a code proves; a wrong code leaves the verification for another try. */
  confirm(verificationId: string, code: string): string {
    this.fail('confirm');
    const sent = this.live.get(verificationId);
    if (!sent) throw authError('invalid-verification-id');
    if (sent.code === 'expired') throw authError('code-expired');
    if (sent.code !== code) throw authError('invalid-verification-code');
    this.live.delete(verificationId);
    return sent.phone;
  }

  /** Gives `user` the number, unless another account has it (then the proof comes back). */
  attach(user: FakeUser, phone: string): void {
    const owner = this.owners.get(phone);
    if (owner && owner.uid !== user.uid) {
      throw authError('account-exists-with-different-credential', {
        phoneNumber: phone,
        _tokenResponse: { phoneNumber: phone, temporaryProof: `proof-of-${phone}` },
      });
    }
    if (user.phoneNumber) this.owners.delete(user.phoneNumber);
    user.phoneNumber = phone;
    user.isAnonymous = false;
    this.owners.set(phone, user);
  }

  /** The number's account, created for it when there is none. */
  ownerOf(phone: string): FakeUser {
    return this.owners.get(phone) ?? this.accountFor(phone);
  }

  private fail(step: 'send' | 'confirm'): void {
    const index = this.failures.findIndex((failure) => failure.step === step);
    if (index === -1) return;
    const [failure] = this.failures.splice(index, 1);
    throw authError(failure!.code);
  }
}

export const phoneAuth = new FakePhoneAuthService();

// ---------------------------------------------------------------------------------------------
// The SDK's functions

class RecaptchaVerifier {
  readonly type = 'recaptcha';
  cleared = false;

  constructor(
    readonly auth: FakeAuth,
    readonly container: FakeElement,
    readonly parameters: Record<string, unknown> = {},
  ) {
    if (!container) throw authError('argument-error');
    phoneAuth.verifiers.push(this);
  }

  async verify(): Promise<string> {
    if (this.cleared) throw authError('internal-error');
    return 'recaptcha-token';
  }

  clear(): void {
    if (this.cleared) throw authError('internal-error');
    this.cleared = true;
  }
}

function confirmation(verificationId: string, finish: (phone: string) => FakeUser) {
  return {
    verificationId,
    async confirm(code: string) {
      return { user: finish(phoneAuth.confirm(verificationId, code)) };
    },
  };
}

async function signInWithPhoneNumber(auth: FakeAuth, phone: string, verifier: RecaptchaVerifier) {
  const id = phoneAuth.send(auth, phone, verifier);
  return confirmation(id, (proved) => (auth.currentUser = phoneAuth.ownerOf(proved)));
}

async function linkWithPhoneNumber(user: FakeUser, phone: string, verifier: RecaptchaVerifier) {
  if (user.phoneNumber) throw authError('provider-already-linked');
  const auth = authOf(user);
  const id = phoneAuth.send(auth, phone, verifier);
  return confirmation(id, (proved) => {
    phoneAuth.attach(user, proved);
    return user;
  });
}

class PhoneAuthProvider {
  constructor(readonly auth: FakeAuth) {}

  async verifyPhoneNumber(phone: string, verifier: RecaptchaVerifier): Promise<string> {
    return phoneAuth.send(this.auth, phone, verifier);
  }

  static credential(verificationId: string, code: string): PhoneCredential {
    return { providerId: 'phone', verificationId, code };
  }

  static credentialFromError(error: FirebaseError): PhoneCredential | null {
    const answer = error.customData?._tokenResponse as
      { phoneNumber?: string; temporaryProof?: string } | undefined;
    return answer?.phoneNumber && answer.temporaryProof
      ? { providerId: 'phone', temporaryProof: { phone: answer.phoneNumber } }
      : null;
  }
}

function provedBy(credential: PhoneCredential): string {
  if (credential.temporaryProof) return credential.temporaryProof.phone;
  return phoneAuth.confirm(credential.verificationId ?? '', credential.code ?? '');
}

async function signInWithCredential(auth: FakeAuth, credential: PhoneCredential) {
  auth.currentUser = phoneAuth.ownerOf(provedBy(credential));
  return { user: auth.currentUser };
}

async function updatePhoneNumber(user: FakeUser, credential: PhoneCredential): Promise<void> {
  phoneAuth.attach(user, provedBy(credential));
}

function authOf(user: FakeUser): FakeAuth {
  const auth = authOfFakeUser(user);
  if (!auth) throw new Error('fake phone auth: the user is signed in nowhere');
  return auth;
}

export const fakePhoneAuthFunctions = {
  RecaptchaVerifier,
  PhoneAuthProvider,
  signInWithPhoneNumber,
  linkWithPhoneNumber,
  signInWithCredential,
  updatePhoneNumber,
};

// ---------------------------------------------------------------------------------------------
// The page the invisible reCAPTCHA goes in

export interface FakeElement {
  id: string;
  isConnected: boolean;
  children: unknown[];
  replaceChildren(...children: unknown[]): void;
}

/** The part of `document` the adapter uses for its reCAPTCHA element. */
export function fakeDocument() {
  const body: FakeElement[] = [];
  return {
    body: {
      children: body,
      append(element: FakeElement) {
        element.isConnected = true;
        body.push(element);
      },
    },
    createElement(): FakeElement {
      return {
        id: '',
        isConnected: false,
        children: [],
        replaceChildren(...children: unknown[]) {
          this.children = children;
        },
      };
    },
  };
}
