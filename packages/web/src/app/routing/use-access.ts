import { useEdition } from '../../session/edition.ts';
import { useSession } from '../../session/session-store.ts';
import type { AccessContext } from './access.ts';

/** The signed-in user's access context, or null when signed out. */
export function useAccessContext(): AccessContext | null {
  const session = useSession();
  const { isAbroad } = useEdition();
  if (!session) return null;
  return { role: session.role, providerList: session.providerList, isAbroad };
}
