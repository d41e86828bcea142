import { logout } from '@vigil/contracts';

/**
 * Revokes a session token on the server, best effort. Takes the token explicitly
 * so a login the console refuses can be ended without ever being stored.
 */
export async function revokeToken(token: string): Promise<void> {
  try {
    await fetch(`/api${logout.path}`, { method: logout.method, headers: { 'S-token': token } });
  } catch {
    // The session dies on its own when idle; nothing to tell the user.
  }
}
