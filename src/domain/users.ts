/** Who the backend says the visitor is. `isAdmin` comes from the server, never from the browser (D2). */
export interface CurrentUser {
  id: string;
  email: string | null;
  /** The mobile number this session proved with a code (E.164, D13), or null. */
  phone: string | null;
  anonymous: boolean;
  isAdmin: boolean;
}
