/** Who the backend says the visitor is. `isAdmin` comes from the server, never from the browser (D2). */
export interface CurrentUser {
  id: string;
  email: string | null;
  anonymous: boolean;
  isAdmin: boolean;
}
